// `npm run bench:startup`: server start-up time, from spawning the process to Fastify's "Server listening" line,
// for `node --import tsx src/server/main.ts` against Node 24's own type stripping (`node src/server/main.ts`).
// Fresh start: a new DATA_DIR (the embedded database is created and migrated) and, for tsx, an empty transform
// cache (tsx keeps it under os.tmpdir()). Warm start: the same DATA_DIR and cache as the run before.
// The variants run interleaved, so a busy machine slows both alike. Besides wall-clock time it reports the
// process's CPU time (user + system, all threads) up to that line, read from /proc: on a shared, loaded machine
// that figure moves far less than wall-clock time. Decision record 015 holds the figures.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const variants = {
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  'type stripping': ['src/server/main.ts'],
};

const ticksPerSecond = 100; // Linux USER_HZ
/** CPU milliseconds (user + system, all threads) the process has used so far; null off Linux. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Wall and CPU milliseconds from spawn to the "Server listening" log line; the server is then stopped. */
function timeStart(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let elapsed = null;
    let cpu = null;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (elapsed === null && output.includes('Server listening')) {
        elapsed = performance.now() - started;
        cpu = cpuMsOf(child.pid);
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      if (elapsed === null) reject(new Error(`the server did not start:\n${output}`));
      else resolve({ wall: elapsed, cpu });
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const format = (values) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}; ` +
  `${values.map((v) => v.toFixed(0)).join(', ')})`;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'voicecart-startup-'));
const baseEnv = {
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
  SMTP_URL: '',
};
const results = {};
try {
  for (const name of Object.keys(variants))
    results[name] = { fresh: [], warm: [], freshCpu: [], warmCpu: [] };
  for (let run = 0; run < runs; run += 1) {
    for (const [name, args] of Object.entries(variants)) {
      const dataDir = mkdtempSync(path.join(scratch, 'data-'));
      const tmpDir = mkdtempSync(path.join(scratch, 'tmp-'));
      const env = { ...baseEnv, DATA_DIR: dataDir, TMPDIR: tmpDir };
      const fresh = await timeStart(args, env);
      const warm = await timeStart(args, env);
      results[name].fresh.push(fresh.wall);
      results[name].freshCpu.push(fresh.cpu);
      results[name].warm.push(warm.wall);
      results[name].warmCpu.push(warm.cpu);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`Start-up to "Server listening" on ${process.version}, embedded database, ${runs} runs each`);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} on ${os.cpus().length} cores`,
);
for (const [name, { fresh, warm, freshCpu, warmCpu }] of Object.entries(results)) {
  console.log(`${name.padEnd(15)} fresh wall: ${format(fresh)}`);
  if (!freshCpu.includes(null)) console.log(`${''.padEnd(15)} fresh CPU:  ${format(freshCpu)}`);
  console.log(`${''.padEnd(15)} warm wall:  ${format(warm)}`);
  if (!warmCpu.includes(null)) console.log(`${''.padEnd(15)} warm CPU:   ${format(warmCpu)}`);
}
