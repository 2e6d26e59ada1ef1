import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.ts';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('linen', 'linen')).toBe(0);
    expect(editDistance('', 'gel')).toBe(3);
    expect(editDistance('gells', 'gels')).toBe(1);
    expect(editDistance('jaket', 'jacket')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('measures transpositions as one edit', () => {
    expect(editDistance('hoodei', 'hoodie')).toBe(1);
    expect(editDistance('oxfrod', 'oxford')).toBe(1);
    expect(editDistance('lenin', 'linen')).toBe(2);
  });

  it('does not compare words whose lengths differ by more than the cap', () => {
    expect(editDistance('xs', 'extra small', 3)).toBe(4);
    expect(editDistance('tee', 'teeshirt', 3)).toBe(4);
    expect(editDistance('tee', 'tees', 3)).toBe(1);
  });
});
