import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './errors.ts';

describe('PostgreSQL errors through their wrappers', () => {
  it('finds 23505 through wrapped errors, on the named constraint when one is given', () => {
    expect(isUniqueViolation({ message: 'x', cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    const wrapped = { message: 'insert failed', cause: { code: '23505', constraint: 'brands_username_key' } };
    expect(isUniqueViolation(wrapped, 'brands_username_key')).toBe(true);
    expect(isUniqueViolation(wrapped, 'another_key')).toBe(false);
    // PGlite names the constraint in the message only.
    const byMessage = { code: '23505', message: 'duplicate key value violates unique constraint "a_idx"' };
    expect(isUniqueViolation(byMessage, 'a_idx')).toBe(true);
  });

  it('finds 23503 through wrapped errors, and a cycle of causes ends', () => {
    expect(isForeignKeyViolation({ cause: { cause: { code: '23503' } } })).toBe(true);
    expect(isForeignKeyViolation({ code: '23505' })).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isForeignKeyViolation(loop)).toBe(false);
  });
});
