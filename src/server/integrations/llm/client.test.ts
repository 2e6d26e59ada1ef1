import { describe, expect, it } from 'vitest';
import { normaliseToolCall } from './client.ts';

describe('normaliseToolCall (local stacks differ)', () => {
  it('parses JSON-string arguments and keeps the id', () => {
    expect(
      normaliseToolCall({ id: 'call_1', function: { name: 'check_stock', arguments: '{"variant_id":"x"}' } }),
    ).toMatchObject({
      id: 'call_1',
      name: 'check_stock',
      arguments: { variant_id: 'x' },
    });
  });

  it('accepts arguments sent as an object and synthesises a missing id', () => {
    const call = normaliseToolCall({ function: { name: 'find_product', arguments: { query: 'hoodie' } } });
    expect(call.arguments).toEqual({ query: 'hoodie' });
    expect(call.id).toMatch(/^call_local_\d+$/);
    expect(call.rawArguments).toBe('{"query":"hoodie"}');
  });

  it('marks invalid or non-object arguments as null, so the tool answers an error the model can retry on', () => {
    expect(
      normaliseToolCall({ id: 'a', function: { name: 'x', arguments: '{not json' } }).arguments,
    ).toBeNull();
    expect(normaliseToolCall({ id: 'b', function: { name: 'x', arguments: '[1,2]' } }).arguments).toBeNull();
  });
});
