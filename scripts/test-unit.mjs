// Vitest (unit + server integration on PGlite). VITEST_JSON=path also writes a JSON report (CI adds them up).
import { spawnSync } from 'node:child_process';

const reporters = process.env.VITEST_JSON
  ? ['--reporter=default', '--reporter=json', `--outputFile=${process.env.VITEST_JSON}`]
  : [];
const result = spawnSync('npx', ['vitest', 'run', ...reporters, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
