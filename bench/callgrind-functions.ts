/**
 * Instructions per function in a callgrind dump, JavaScript included: callgrind names C++ and V8's built-ins from
 * the binary's symbols, but code that V8 compiles at run time lives at heap addresses it cannot name. Run with
 * `--perf-basic-prof`, V8 writes `/tmp/perf-<pid>.map` (start, size and name of each piece of code it makes), and
 * each address callgrind reports is named from it. Used by bench/api-instructions.ts (`BENCH_BY_FUNCTION`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

interface CodeRange {
  start: number;
  size: number;
  name: string;
}

/** The perf map's ranges, sorted by start; code placed again where old code was freed keeps the newest name. */
function readPerfMap(file: string): CodeRange[] {
  const byStart = new Map<number, CodeRange>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [start, size, ...name] = line.split(' ');
    if (!start || !size || name.length === 0) continue;
    const range = { start: parseInt(start, 16), size: parseInt(size, 16), name: name.join(' ') };
    byStart.set(range.start, range);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

function nameAt(ranges: CodeRange[], address: number): string | undefined {
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
 * Each function's own instructions (not its callees') in `dump`, by name. Unnamed machine code is named from
 * `perfMap` when given and found there, else counted as `(JIT code, not named)`.
 */
export function instructionsByFunction(dump: string, perfMap?: string): Map<string, number> {
  const ranges = perfMap && existsSync(perfMap) ? readPerfMap(perfMap) : [];
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', dump], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const counts = new Map<string, number>();
  for (const line of listing.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.+)$/.exec(line);
    if (!match || match[2]!.includes('PROGRAM TOTALS')) continue;
    // `???:name [object]`; a `'2` suffix is the same function deeper in its own recursion.
    let name = match[2]!
      .replace(/ \[[^\]]*\]$/, '')
      .replace(/^\?\?\?:/, '')
      .replace(/'\d+$/, '');
    if (/^0x[0-9a-f]+$/i.test(name)) {
      name = nameAt(ranges, parseInt(name, 16)) ?? '(JIT code, not named)';
    }
    name = name.replaceAll(`file://${process.cwd()}/`, '').replaceAll(`${process.cwd()}/`, '');
    if (name.length > 110) name = `${name.slice(0, 107)}...`;
    counts.set(name, (counts.get(name) ?? 0) + Number(match[1]!.replaceAll(',', '')));
  }
  return counts;
}
