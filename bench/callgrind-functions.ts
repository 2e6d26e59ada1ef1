/**
 * Instructions per function in a callgrind dump, JavaScript included: callgrind names C++ and V8's built-ins from
 * the binary's symbols, but code that V8 compiles at run time lives at heap addresses it cannot name. Run with
 * `--perf-basic-prof`, V8 writes `/tmp/perf-<pid>.map` (start, size and name of each piece of code it makes), and
 * each address callgrind reports is named from it. Used by bench/api-instructions.ts (`BENCH_BY_FUNCTION`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface CodeRange {
  start: number;
  size: number;
  name: string;
}

/** What an address of machine code no map names is counted as. */
export const UNNAMED_CODE = '(JIT code, not named)';

/**
 * A perf map's ranges (`<start hex> <size hex> <name>` a line), sorted by start. V8 places new code where freed
 * code was, so a start seen twice keeps its later (newer) name.
 */
export function parsePerfMap(text: string): CodeRange[] {
  const byStart = new Map<number, CodeRange>();
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.+)$/i.exec(line);
    if (!match) continue;
    const range = { start: parseInt(match[1]!, 16), size: parseInt(match[2]!, 16), name: match[3]! };
    byStart.set(range.start, range);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The name of the range holding `address`, if any. */
export function nameAt(ranges: readonly CodeRange[], address: number): string | undefined {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ranges[middle]!.start <= address) low = middle + 1;
    else high = middle - 1;
  }
  const range = ranges[high];
  return range && address < range.start + range.size ? range.name : undefined;
}

/**
 * Each function's own instructions from `callgrind_annotate`'s listing (`  6,895,736 ( 3.55%)  file:function
 * [object]` a line), by name: unnamed machine code (`???:0x…`) is named from `ranges`, the project's directory
 * (`root`) is left out of names, and a function seen again deeper in its own recursion (a `'2` suffix) is added
 * to itself.
 */
export function instructionsOfListing(
  listing: string,
  ranges: readonly CodeRange[],
  root: string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of listing.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.+)$/.exec(line);
    if (!match || match[2]!.includes('PROGRAM TOTALS')) continue;
    let name = match[2]!
      .replace(/ \[[^\]]*\]$/, '')
      .replace(/^\?\?\?:/, '')
      .replace(/'\d+$/, '');
    if (/^0x[0-9a-f]+$/i.test(name)) name = nameAt(ranges, parseInt(name, 16)) ?? UNNAMED_CODE;
    name = name.replaceAll(`file://${root}/`, '').replaceAll(`${root}/`, '');
    if (name.length > 110) name = `${name.slice(0, 107)}...`;
    counts.set(name, (counts.get(name) ?? 0) + Number(match[1]!.replaceAll(',', '')));
  }
  return counts;
}

/** Each function's own instructions in `dump`, machine code named from `perfMap` where it exists. */
export function instructionsByFunction(dump: string, perfMap?: string): Map<string, number> {
  const ranges = perfMap && existsSync(perfMap) ? parsePerfMap(readFileSync(perfMap, 'utf8')) : [];
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return instructionsOfListing(listing, ranges, process.cwd());
}
