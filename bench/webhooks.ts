/**
 * `npm run bench:webhooks`: the Instagram webhook under load, on PGlite and on PostgreSQL.
 *
 * Starts the real app (workers on) on 127.0.0.1 with one connected brand and the fake Graph server, then sends
 * signed POSTs from a separate process (bench/webhooks-load.mjs, autocannon, 50 connections): BENCH_SINGLE_REQUESTS
 * bodies of 1 update, then BENCH_BATCH_REQUESTS bodies of 100 updates. Prints accepted updates per second and the
 * request latency p50/p99. Then replays every body twice, waits until processing has drained, and prints
 * stored = sent: every update stored once as a message, with one assistant job each (nothing lost, nothing doubled).
 *
 * PostgreSQL: a throwaway database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is
 * created and dropped. BENCH_BACKENDS=pglite,postgres chooses the backends. Bounded: fixed request counts, and the
 * drain gives up after BENCH_DRAIN_SECONDS (default 600).
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { startRuntime } from '#server/runtime.ts';
import { startFakeInstagramGraph } from '#tests/fakes/instagram-graph.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SINGLE_REQUESTS = Number(process.env.BENCH_SINGLE_REQUESTS ?? 2000);
const BATCH_REQUESTS = Number(process.env.BENCH_BATCH_REQUESTS ?? 60);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 600);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const APP_SECRET = 'bench-instagram-secret';
const ACCOUNT_ID = '17841400000000001';
const loadScript = fileURLToPath(new URL('./webhooks-load.mjs', import.meta.url));

interface LoadResult {
  requests: number;
  durationSeconds: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Row {
  backend: string;
  target: string;
  requests: number;
  updatesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function runLoad(base: string, entries: number, amount: number, runId: string): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [loadScript, base, APP_SECRET, ACCOUNT_ID, String(entries), String(amount), String(CONNECTIONS), runId],
    { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
}

async function count(database: DatabaseHandle, text: string): Promise<number> {
  const { rows } = await database.executeSql(`select count(*)::int as n from (${text}) q`, []);
  return rows[0]!.n as number;
}

async function benchBackend(backend: string): Promise<{ rows: Row[]; ok: boolean }> {
  let database: DatabaseHandle;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const throwaway = await createThrowawayDatabase(POSTGRES_URL);
    databaseUrl = throwaway.url;
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    dropDatabase = throwaway.drop;
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }

  const fake = await startFakeInstagramGraph();
  const account = fake.addAccount({ accountId: ACCOUNT_ID, username: 'bench.shop' });
  const rows: Row[] = [];
  let ok = false;
  let opened: { close(): Promise<void> } | undefined;
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      HOST: '127.0.0.1',
      PORT: '0',
      JOB_POLL_SECONDS: '0.5',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      INSTAGRAM_APP_SECRET: APP_SECRET,
      INSTAGRAM_VERIFY_TOKEN: 'bench',
      INSTAGRAM_API_URL: fake.url,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const runtime = await startRuntime(config, { database, workers: true });
    opened = runtime;
    try {
      const run = database.executeSql;
      const [user] = (
        await run(
          `insert into users (email, first_name, verified) values ('bench@example.com', 'Bench', true) returning id`,
          [],
        )
      ).rows;
      const [brand] = (
        await run(
          `insert into brands (user_id, name, username, instagram_connected) values ($1, 'Bench', 'bench.shop', true) returning id`,
          [user!.id],
        )
      ).rows;
      await run(
        `insert into instagram_connections (brand_id, account_id, username, access_token_sealed) values ($1, $2, 'bench.shop', $3)`,
        [brand!.id, ACCOUNT_ID, runtime.secretBox.seal(account.token, 'instagram-token')],
      );
      await runtime.app.listen({ host: '127.0.0.1', port: 0 });
      const address = runtime.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const phases = [
        { target: 'POST, 1 update each', entries: 1, amount: SINGLE_REQUESTS, runId: 'single' },
        { target: 'POST, 100 updates each', entries: 100, amount: BATCH_REQUESTS, runId: 'batch' },
      ];
      let sent = 0;
      for (const phase of phases) {
        const result = await runLoad(base, phase.entries, phase.amount, phase.runId);
        sent += result.requests * phase.entries;
        const row = {
          backend,
          target: phase.target,
          requests: result.requests,
          updatesPerSecond: Math.round(
            (result.requests * phase.entries) / Math.max(result.durationSeconds, 0.001),
          ),
          p50: result.p50,
          p99: result.p99,
          errors: result.errors,
        };
        rows.push(row);
        console.log(
          `[${backend}] ${row.target}: ${row.updatesPerSecond} updates/s accepted, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`,
        );
      }

      // Replay every event twice (Instagram retries and duplicates).
      for (const round of [1, 2]) {
        for (const phase of phases) {
          const requests = rows.find((r) => r.target === phase.target)!.requests;
          const replay = await runLoad(base, phase.entries, requests, phase.runId);
          console.log(
            `[${backend}] replay ${round}, ${phase.target}: p50 ${replay.p50} ms, p99 ${replay.p99} ms, errors ${replay.errors}`,
          );
        }
      }

      const drainStarted = Date.now();
      for (;;) {
        const pending = await count(database, 'select 1 from instagram_events where processed_at is null');
        const jobs = await count(
          database,
          `select 1 from pgboss.job where name = 'instagram-process' and state in ('created', 'retry', 'active')`,
        );
        if (pending === 0 && jobs === 0) break;
        if (Date.now() - drainStarted > DRAIN_SECONDS * 1000) {
          console.log(
            `[${backend}] processing did not drain in ${DRAIN_SECONDS} s (${pending} events pending)`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const drainSeconds = (Date.now() - drainStarted) / 1000;
      const storedEvents = await count(database, 'select 1 from instagram_events');
      const storedMessages = await count(database, `select 1 from messages where sender = 'customer'`);
      const assistantJobs = await count(
        database,
        `select 1 from pgboss.job where name = 'assistant-respond'`,
      );
      const failed = await count(database, `select 1 from instagram_events where outcome = 'failed'`);
      ok = storedEvents === sent && storedMessages === sent && assistantJobs === sent && failed === 0;
      console.log(
        `[${backend}] processing finished ${drainSeconds.toFixed(1)} s after the last replay; ` +
          `sent ${sent} distinct updates (each delivered 3 times): stored events ${storedEvents}, messages ${storedMessages}, ` +
          `assistant jobs ${assistantJobs}, failed ${failed} → stored = sent: ${ok ? 'yes' : 'NO'}`,
      );
    } finally {
      await runtime.close();
    }
  } finally {
    if (!opened) await database.close();
    await fake.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dropDatabase();
  }
  return { rows, ok };
}

const all: Row[] = [];
let allOk = true;
for (const backend of BACKENDS) {
  const { rows, ok } = await benchBackend(backend);
  all.push(...rows);
  allOk &&= ok;
}
console.log(`\n${CONNECTIONS} connections, 127.0.0.1; updates/s = updates accepted (200) per second of load`);
console.table(all);
if (!allOk || all.some((r) => r.errors > 0)) process.exitCode = 1;
