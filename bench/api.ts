/**
 * `npm run bench:api`: the dashboard's read API under load (decision 016), on PGlite and on PostgreSQL.
 *
 * bench/api-target.ts (a child process) seeds one brand with 10,000 conversations and 200,000 messages and
 * starts the real app at production defaults (LOG_LEVEL=info, its log lines going to a file); on PostgreSQL,
 * bench/api-floor.ts (another child process) starts the floor (bench/floor.ts: a bare Fastify instance with the
 * same SQL through raw `pg`) on the same database. This process drives autocannon (here, apart from both
 * servers; 127.0.0.1, 50 connections, bounded in time) against GET /api/brands, the first page of the
 * conversation list and one message list, and measures the conversation list at 2,000 messages before the
 * rest are added, to show that it does not grow with the table.
 *
 * Real and floor run ALTERNATELY in short rounds (real, floor, floor, real, ...: the order flips every pair so
 * neither always runs second), so that a neighbour's load on this shared machine hits both alike; what counts
 * is the ratio real req/s ÷ floor req/s (target >= 0.9 on PostgreSQL), taken as the median of
 * the pairs' ratios. On a machine shared with other work that ratio is noisy, so each round also reads the server
 * process's own CPU time (/proc/<pid>/stat) and prints CPU time per request, real and floor: the steadier
 * measure of what the real app costs beyond the floor (floor µs ÷ real µs, same direction as the req/s ratio).
 *
 * Settings: BENCH_BACKENDS=pglite,postgres; BENCH_ROUNDS (pairs per target, 8); BENCH_ROUND_SECONDS (2);
 * BENCH_CONNECTIONS (50); BENCH_LOG_LEVEL (info); BENCH_NODE_ARGS (extra Node flags for both server
 * processes); BENCH_CPU_PROFILE (a directory: V8 CPU profiles of both servers while they serve at full size,
 * bench/cpu-profile.ts); DATABASE_POOL_SIZE (the real app's pool, as in production); BENCH_POSTGRES_URL (a throwaway database is created
 * there and dropped); BENCH_FLOOR_STATEMENTS (named, or unnamed: see bench/floor.ts); BENCH_TARGETS (a comma
 * list of growth, brands, conversations, messages, search, bearer, to run only some). `search` (the
 * conversation search, the status filter and the tab counts) runs the real app only and is reported, not compared.
 * `bearer` loads GET /api/brands and the conversation list with an API key (`Authorization: Bearer`, decision 043)
 * instead of the session cookie and prints both paths side by side. BENCH_CONVERSATIONS (10000) shrinks the
 * data set to try the bench quickly; figures only count at the default size.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromTarget, ToTarget } from './api-target.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
/** Each target's uncounted warm-up round, on each server. */
const WARM_UP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const TARGETS = new Set(
  (process.env.BENCH_TARGETS ?? 'growth,brands,conversations,messages,search,bearer').split(','),
);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const RATIO_TARGET = 0.9;
const SEARCH_P95_TARGET_MS = 50;

interface RoundResult {
  requestsPerSecond: number;
  /** The server process's own CPU time (user + system) per request. */
  cpuMicrosPerRequest: number;
  p50: number;
  /** From every response's own latency (autocannon's result has no p95). */
  p95: number;
  /** autocannon's, as printed before p95 was recorded. */
  p97_5: number;
  p99: number;
  errors: number;
}

interface Row {
  backend: string;
  target: string;
  real: number;
  floor: number | null;
  /** The median of the pairs' ratios (robust against a neighbour's burst hitting one round). */
  ratio: number | null;
  /** real ÷ floor of the mean rates, as a cross-check of the median. */
  ratioOfMeans: number | null;
  /** The lowest and highest ratio of one real/floor pair: how noisy the run was. */
  pairRatios: string;
  /** Median server-process CPU time per request (µs), real and floor, and floor ÷ real of those. */
  realCpuMicros: number;
  floorCpuMicros: number | null;
  cpuRatio: number | null;
  realP50: number;
  realP95: number;
  realP97_5: number;
  realP99: number;
  floorP99: number | null;
  errors: number;
}

const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult> & {
  /** Emitted per response: responseTime is that request's latency in ms (as autocannon's histogram records it). */
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
  ): void;
};

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * One autocannon round. The load generator runs in this process, which does nothing else meanwhile; the
 * servers are other processes, so it never shares their event loops. Short rounds need no process start-up.
 */
async function round(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<RoundResult> {
  const cpuBefore = pid ? cpuTicks(pid) : 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  // Every response's latency, for the percentiles autocannon does not report (p95). Like its own histogram,
  // every status counts (errors are reported apart and make a target fail).
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  // Let the last in-flight requests finish before the next round.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const cpu = pid ? cpuTicks(pid) - cpuBefore : 0;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    cpuMicrosPerRequest: (cpu * 1e6) / CLOCK_TICKS_PER_SECOND / Math.max(result.requests.total, 1),
    p50: result.latency.p50,
    p95: percentile(latencies, 0.95),
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A process's CPU time so far (user + system, /proc/<pid>/stat fields 14 and 15, in clock ticks). Unlike
 * requests/s it hardly depends on what else the machine is doing, so it is the steadier measure of the server's
 * own cost per request on a shared machine.
 */
const CLOCK_TICKS_PER_SECOND = 100;
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ", field 3 (state) is index 0, so utime (14) and stime (15) are indexes 11 and 12.
  return Number(fields[11]) + Number(fields[12]);
}

/** The nearest-rank percentile (0 for no values), in ms with one decimal. */
function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The floor must do the same work: same status, body and cursor header as the real route. */
async function checkSameAnswer(realUrl: string, floorUrl: string, headers: Record<string, string>) {
  const [real, floor] = await Promise.all([realUrl, floorUrl].map((url) => fetch(url, { headers })));
  const [realBody, floorBody] = await Promise.all([real!.text(), floor!.text()]);
  if (
    real!.status !== 200 ||
    real!.status !== floor!.status ||
    realBody !== floorBody ||
    real!.headers.get('x-next-cursor') !== floor!.headers.get('x-next-cursor')
  ) {
    throw new Error(`the floor does not answer like the real route for ${new URL(realUrl).pathname}`);
  }
}

/** Real and floor alternately, ROUNDS pairs; the order flips each pair (ABBA) so neither is always second. */
async function compare(
  backend: string,
  target: string,
  real: string,
  floor: string | null,
  headers: Record<string, string>,
  pids: { real: number; floor: number | undefined },
) {
  if (floor) await checkSameAnswer(real, floor, headers);
  // This target's own code warmed on both servers (JIT, statement plans) before anything is counted: otherwise
  // the first pair measures compiling, which the real app, with more code on the path, does more of.
  await round(real, headers, WARM_UP_SECONDS);
  if (floor) await round(floor, headers, WARM_UP_SECONDS);
  const realRounds: RoundResult[] = [];
  const floorRounds: RoundResult[] = [];
  for (let pair = 0; pair < ROUNDS; pair++) {
    const order = pair % 2 === 0 ? ['real', 'floor'] : ['floor', 'real'];
    for (const which of order) {
      if (which === 'real') realRounds.push(await round(real, headers, ROUND_SECONDS, pids.real));
      else if (floor) floorRounds.push(await round(floor, headers, ROUND_SECONDS, pids.floor));
    }
  }
  const realRate = mean(realRounds.map((r) => r.requestsPerSecond));
  const floorRate = floor ? mean(floorRounds.map((r) => r.requestsPerSecond)) : null;
  const pairs = floorRounds.map((f, i) => realRounds[i]!.requestsPerSecond / f.requestsPerSecond);
  const realCpu = median(realRounds.map((r) => r.cpuMicrosPerRequest));
  const floorCpu = floor ? median(floorRounds.map((r) => r.cpuMicrosPerRequest)) : null;
  const row: Row = {
    backend,
    target,
    real: Math.round(realRate),
    floor: floorRate === null ? null : Math.round(floorRate),
    ratio: pairs.length ? round2(median(pairs)) : null,
    ratioOfMeans: floorRate === null ? null : round2(realRate / floorRate),
    pairRatios: pairs.length ? `${round2(Math.min(...pairs))}-${round2(Math.max(...pairs))}` : '',
    realCpuMicros: Math.round(realCpu),
    floorCpuMicros: floorCpu === null ? null : Math.round(floorCpu),
    cpuRatio: floorCpu === null ? null : round2(floorCpu / realCpu),
    realP50: median(realRounds.map((r) => r.p50)),
    realP95: Math.round(median(realRounds.map((r) => r.p95)) * 10) / 10,
    realP97_5: median(realRounds.map((r) => r.p97_5)),
    realP99: median(realRounds.map((r) => r.p99)),
    floorP99: floor ? median(floorRounds.map((r) => r.p99)) : null,
    errors: [...realRounds, ...floorRounds].reduce((sum, r) => sum + r.errors, 0),
  };
  console.log(
    `[${backend}] ${target}: real ${row.real} req/s (p50 ${row.realP50} ms, p95 ${row.realP95} ms, p97.5 ${row.realP97_5} ms, p99 ${row.realP99} ms)` +
      (floor
        ? `, floor ${row.floor} req/s (p99 ${row.floorP99} ms), ratio ${row.ratio} (pairs ${row.pairRatios}, of means ${row.ratioOfMeans}); ` +
          `CPU per request ${row.realCpuMicros} µs vs ${row.floorCpuMicros} µs, ratio ${row.cpuRatio}`
        : `, CPU per request ${row.realCpuMicros} µs`) +
      `, errors ${row.errors}`,
  );
  return row;
}

async function benchBackend(backend: string, logFile: string): Promise<Row[]> {
  const log = openSync(logFile, 'w');
  const child = fork(fileURLToPath(new URL('./api-target.ts', import.meta.url)), [backend], {
    execArgv: ['--import', 'tsx', ...NODE_ARGS],
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  const messages: FromTarget[] = [];
  let wake: (() => void) | undefined;
  let exited = false;
  child.on('message', (message: FromTarget) => {
    messages.push(message);
    wake?.();
  });
  child.on('exit', () => {
    exited = true;
    wake?.();
  });
  const next = async <T extends FromTarget['type']>(type: T) => {
    while (!messages.length) {
      if (exited) throw new Error(`the ${backend} server process ended before '${type}'`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const message = messages.shift()!;
    if (message.type !== type) throw new Error(`expected '${type}', got '${message.type}'`);
    return message as Extract<FromTarget, { type: T }>;
  };
  const tell = (message: ToTarget) => child.send(message);

  const rows: Row[] = [];
  let floorProcess: ChildProcess | undefined;
  try {
    const started = await next('ready');
    // The floor: its own process on the same database (PostgreSQL only: it speaks raw `pg`).
    let floorUrl: string | null = null;
    if (started.databaseUrl) {
      floorProcess = fork(
        fileURLToPath(new URL('./api-floor.ts', import.meta.url)),
        [started.databaseUrl, process.env.BENCH_FLOOR_STATEMENTS ?? 'named'],
        { execArgv: ['--import', 'tsx', ...NODE_ARGS], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
      );
      floorUrl = await new Promise<string>((resolve, reject) => {
        floorProcess!.once('message', (message: { url: string }) => resolve(message.url));
        floorProcess!.once('exit', () => reject(new Error('the floor process ended before it was ready')));
      });
    }
    const ready = { ...started, floor: floorUrl };
    const cookie = { cookie: started.cookie };
    const bearer = { authorization: started.bearer };
    const pids = { real: child.pid!, floor: floorProcess?.pid };
    const conversations = (base: string | null) =>
      base && `${base}/api/brands/${ready.brandId}/conversations`;
    if (TARGETS.has('growth')) {
      rows.push(
        await compare(
          backend,
          'conversations, 2k messages',
          conversations(ready.real)!,
          conversations(ready.floor),
          cookie,
          pids,
        ),
      );
    }
    tell({ type: 'grow' });
    const grown = await next('grown');
    if (grown.plan) console.log(`[${backend}] conversation list plan: ${grown.plan}`);
    const messagesPath = `/api/conversations/${grown.conversationId}/messages`;
    if (TARGETS.has('brands')) {
      rows.push(
        await compare(
          backend,
          'GET /api/brands',
          `${ready.real}/api/brands`,
          ready.floor && `${ready.floor}/api/brands`,
          cookie,
          pids,
        ),
      );
    }
    if (TARGETS.has('conversations') || TARGETS.has('growth')) {
      rows.push(
        await compare(
          backend,
          'conversations, 200k messages',
          conversations(ready.real)!,
          conversations(ready.floor),
          cookie,
          pids,
        ),
      );
    }
    if (TARGETS.has('messages')) {
      rows.push(
        await compare(
          backend,
          'messages of one conversation',
          `${ready.real}${messagesPath}`,
          ready.floor && `${ready.floor}${messagesPath}`,
          cookie,
          pids,
        ),
      );
    }
    // Server-side search, status filter and tab counts (no floor: reported, not compared).
    if (TARGETS.has('search')) {
      const brand = `${ready.real}/api/brands/${ready.brandId}`;
      for (const [target, url] of [
        ['conversation search (q=customer_77)', `${brand}/conversations?q=customer_77`],
        ['conversation status filter (escalated)', `${brand}/conversations?status=escalated`],
        ['inbox counts (q=customer_77)', `${brand}/inbox-counts?q=customer_77`],
        // Message text (decision 034): a phrase no message has (the trigram index answers at once), and one every
        // message has (the worst case: every conversation matches, the first page is returned).
        ['message-text search, no match (q=velvet hoodie)', `${brand}/conversations?q=velvet%20hoodie`],
        ['message-text search, all match (q=linen shirt)', `${brand}/conversations?q=linen%20shirt`],
      ] as const) {
        rows.push(await compare(backend, target, url, null, cookie, pids));
      }
    }
    // The same reads with an API key instead of the session cookie, each pair printed side by side.
    if (TARGETS.has('bearer')) {
      for (const [target, url] of [
        ['GET /api/brands', `${ready.real}/api/brands`],
        ['conversations', conversations(ready.real)!],
      ] as const) {
        const withCookie = await compare(backend, `${target}, cookie`, url, null, cookie, pids);
        const withKey = await compare(backend, `${target}, Bearer key`, url, null, bearer, pids);
        rows.push(withCookie, withKey);
        console.log(
          `[${backend}] ${target}: cookie ${withCookie.real} req/s (${withCookie.realCpuMicros} µs CPU), ` +
            `Bearer key ${withKey.real} req/s (${withKey.realCpuMicros} µs CPU)`,
        );
      }
    }
  } finally {
    if (floorProcess?.connected) {
      floorProcess.disconnect();
      await new Promise((resolve) => floorProcess!.once('exit', resolve));
    }
    if (!exited) {
      tell({ type: 'close' });
      await new Promise((resolve) => child.once('exit', resolve));
    }
    closeSync(log);
  }
  console.log(
    `[${backend}] the real app's log (LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}): ${logFile}, ${statSync(logFile).size} bytes`,
  );
  return rows;
}

const logDir = mkdtempSync(path.join(tmpdir(), 'voicecart-bench-'));
const all: Row[] = [];
for (const backend of BACKENDS)
  all.push(...(await benchBackend(backend, path.join(logDir, `${backend}.log`))));

console.log(
  `\n${CONNECTIONS} connections, ${ROUNDS} pairs of ${ROUND_SECONDS} s rounds per target (real and floor alternating), 127.0.0.1`,
);
console.table(all);
const pgRows = all.filter((r) => r.backend === 'postgres');
if (pgRows.length > 0) {
  for (const row of pgRows.filter((r) => r.floor !== null && r.target !== 'conversations, 2k messages')) {
    const met = (ratio: number | null) => (ratio !== null && ratio >= RATIO_TARGET ? 'met' : 'NOT met');
    console.log(
      `PostgreSQL: ${row.target}: req/s ratio ${row.ratio} (target >= ${RATIO_TARGET}): ${met(row.ratio)}; ` +
        `CPU-per-request ratio ${row.cpuRatio}: ${met(row.cpuRatio)}`,
    );
  }
  const small = pgRows.find((r) => r.target === 'conversations, 2k messages');
  const big = pgRows.find((r) => r.target === 'conversations, 200k messages');
  if (small && big) {
    console.log(
      `PostgreSQL: conversation list p99 ${small.realP99} ms at 2k messages, ${big.realP99} ms at 200k (target <= 2x): ` +
        `${big.realP99 <= 2 * Math.max(small.realP99, 1) ? 'met' : 'NOT met'}`,
    );
  }
  for (const row of pgRows.filter(
    (r) => r.target.startsWith('message-text search') || r.target.startsWith('conversation search'),
  )) {
    // A target that answered nothing (every request timed out or failed) has no latency to compare: not met.
    const answered = row.real > 0 && row.errors === 0;
    console.log(
      `PostgreSQL: ${row.target} at 200k messages: p95 ${row.realP95} ms (p97.5 ${row.realP97_5} ms), ` +
        `${row.real} req/s, errors ${row.errors} (target p95 < ${SEARCH_P95_TARGET_MS} ms): ` +
        `${answered && row.realP95 < SEARCH_P95_TARGET_MS ? 'met' : 'NOT met'}`,
    );
  }
}
if (all.some((r) => r.errors > 0)) process.exitCode = 1;
