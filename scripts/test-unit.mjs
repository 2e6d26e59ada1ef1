// Vitest (unit + server integration on PGlite). VITEST_JSON=path also writes a JSON report (CI adds them up).
// Then the time-zone tests again under TZ=UTC and TZ=Asia/Tokyo: Pacific-time logic must not depend on the
// machine's zone (they are pure and take a few seconds).
import { spawnSync } from 'node:child_process';

const reporters = process.env.VITEST_JSON
  ? ['--reporter=default', '--reporter=json', `--outputFile=${process.env.VITEST_JSON}`]
  : [];
const args = process.argv.slice(2);
const result = spawnSync('npx', ['vitest', 'run', ...reporters, ...args], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);

// Only for the whole suite (no file filters given).
const timeZoneTests = {
  server: ['src/server/modules/demo/slots.test.ts', 'src/server/modules/demo/ics.test.ts'],
  client: ['src/client/features/demo/utils/demo-calendar.test.ts'],
};
if (args.length === 0) {
  for (const tz of ['UTC', 'Asia/Tokyo']) {
    for (const [project, files] of Object.entries(timeZoneTests)) {
      console.log(`\nTime-zone tests (${project}) under TZ=${tz}`);
      const run = spawnSync('npx', ['vitest', 'run', '--project', project, ...files], {
        stdio: 'inherit',
        env: { ...process.env, TZ: tz },
      });
      if (run.status !== 0) process.exit(run.status ?? 1);
    }
  }
}
