// Adds up the JSON reports of the CI run and prints one closing line: "N passed, N failed, N skipped".
// Reports live in reports/ because Playwright empties test-results/ when it starts. A missing report is a
// failure: the line must never undercount.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

for (const file of ['reports/vitest-pglite.json', 'reports/vitest-postgres.json']) {
  if (!existsSync(file)) {
    missing.push(file);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

const e2eFile = 'reports/e2e-results.json';
if (existsSync(e2eFile)) {
  const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  console.log(`${e2eFile}: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky`);
} else {
  missing.push(e2eFile);
}

if (missing.length > 0) console.log(`missing reports: ${missing.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 || missing.length > 0 ? 1 : 0;
