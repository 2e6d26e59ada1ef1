import { describe, expect, it } from 'vitest';
import {
  instructionsOfListing,
  nameAt,
  parsePerfMap,
  UNNAMED_CODE,
} from '../../bench/callgrind-functions.ts';

describe('naming the functions of a callgrind listing', () => {
  const ranges = parsePerfMap(
    [
      '2000 40 JS:*old /app/src/gone.ts:1:1',
      '1000 100 JS:*handler /app/src/server/a.ts:3:5',
      '2000 20 JS:*newer /app/src/server/b.ts:9:1',
      "3000 10 RegExp.> src: '^a b$' flags: ''",
      'not a line',
      '',
    ].join('\n'),
  );

  it('keeps the newest name of a start seen twice, sorted by start', () => {
    expect(ranges.map((range) => [range.start, range.size, range.name])).toEqual([
      [0x1000, 0x100, 'JS:*handler /app/src/server/a.ts:3:5'],
      [0x2000, 0x20, 'JS:*newer /app/src/server/b.ts:9:1'],
      [0x3000, 0x10, "RegExp.> src: '^a b$' flags: ''"],
    ]);
  });

  it('names an address inside a range and none outside every range', () => {
    expect(nameAt(ranges, 0x1000)).toBe('JS:*handler /app/src/server/a.ts:3:5');
    expect(nameAt(ranges, 0x10ff)).toBe('JS:*handler /app/src/server/a.ts:3:5');
    expect(nameAt(ranges, 0x1100)).toBeUndefined();
    expect(nameAt(ranges, 0x201f)).toBe('JS:*newer /app/src/server/b.ts:9:1');
    // Inside the older, longer range at 0x2000 that the newer one replaced.
    expect(nameAt(ranges, 0x2030)).toBeUndefined();
    expect(nameAt(ranges, 0xfff)).toBeUndefined();
    expect(nameAt([], 0x1000)).toBeUndefined();
  });

  it('adds up each function once, named, with the project directory left out', () => {
    const listing = [
      '--------------------------------------------------------------------------------',
      '194,205,639 (100.0%)  PROGRAM TOTALS',
      '--------------------------------------------------------------------------------',
      'Ir                  file:function',
      '6,895,736 ( 3.55%)  ???:Builtins_StringAdd_CheckNone [/app/node_modules/node/bin/node]',
      '  2,972,000 ( 1.53%)  ???:0x0000000000001010 [???]',
      "     28,000 ( 0.01%)  ???:0x0000000000001020'2 [???]",
      '    500,000 ( 0.26%)  ???:0x0000000000009000 [???]',
      '    400,000 ( 0.21%)  ???:0x0000000000009999 [???]',
      '  1,311,207 ( 0.68%)  ./malloc/./malloc/malloc.c:_int_malloc [/usr/lib/x86_64-linux-gnu/libc.so.6]',
    ].join('\n');
    const counts = instructionsOfListing(listing, ranges, '/app');
    expect(Object.fromEntries(counts)).toEqual({
      Builtins_StringAdd_CheckNone: 6_895_736,
      'JS:*handler src/server/a.ts:3:5': 3_000_000,
      [UNNAMED_CODE]: 900_000,
      './malloc/./malloc/malloc.c:_int_malloc': 1_311_207,
    });
  });
});
