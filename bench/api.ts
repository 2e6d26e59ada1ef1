/**
 * `npm run bench:api`: the dashboard's read API under load (issue 6), on PGlite and on PostgreSQL.
 *
 * Seeds one brand with 10,000 conversations and 200,000 messages (set-based SQL), starts the real app on
 * 127.0.0.1 (a free port), signs in, and runs autocannon (bounded: BENCH_SECONDS per target, 50 connections)
 * against GET /api/brands, the first page of the conversation list and one message list. Also measures the
 * conversation list at 2,000 messages before the rest are added, to show that it does not grow with the table.
 *
 * PostgreSQL: a throwaway database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * is created and dropped. BENCH_BACKENDS=pglite,postgres chooses the backends.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import pg from 'pg';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { startRuntime } from '#server/runtime.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 20;
/** Conversations that get their messages in the first phase: 100 x 20 = 2,000 messages. */
const FIRST_PHASE_CONVERSATIONS = 100;

interface Row {
  backend: string;
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function seed(database: DatabaseHandle) {
  const run = database.executeSql;
  const [user] = (
    await run(
      `insert into users (email, first_name, verified) values ('bench@example.com', 'Bench', true) returning id`,
      [],
    )
  ).rows;
  // A few brands, as a real user has; the big one is the first.
  const { rows: brandRows } = await run(
    `insert into brands (user_id, name, username, instagram_connected, shopify_connected, created_at)
     select $1::uuid, 'Bench Brand ' || n, 'bench' || n, true, n = 1, now() - n * interval '1 day'
     from generate_series(1, 3) n returning id, name`,
    [user!.id],
  );
  const brandId = brandRows.find((b) => b.name === 'Bench Brand 1')!.id as string;
  await run(
    `insert into conversations (brand_id, customer_username, customer_instagram_id, status, last_message_at)
     select $1::uuid, 'customer_' || n, 'b-' || n,
            (array['active', 'resolved', 'escalated'])[1 + n % 3],
            now() - n * interval '37 seconds'
     from generate_series(1, ${CONVERSATIONS}) n`,
    [brandId],
  );
  return { userId: user!.id as string, brandId };
}

/** Messages for the conversations numbered within [from, to]. */
async function addMessages(database: DatabaseHandle, brandId: string, from: number, to: number) {
  await database.executeSql(
    `insert into messages (conversation_id, brand_id, sender, content, inventory_checked, created_at)
     select c.id, c.brand_id, case when k % 2 = 0 then 'ai' else 'customer' end,
            'Message ' || k || ': is the linen shirt still available in medium?', k % 4 = 0,
            c.last_message_at - (${MESSAGES_PER_CONVERSATION} - k) * interval '1 minute'
     from conversations c cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) k
     where c.brand_id = $1::uuid and substr(c.customer_instagram_id, 3)::int between $2 and $3`,
    [brandId, from, to],
  );
  await database.executeSql('analyze', []);
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function load(url: string, cookie: string): Promise<Omit<Row, 'backend' | 'target'>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      autocannonBin,
      '--json',
      '-c',
      String(CONNECTIONS),
      '-d',
      String(SECONDS),
      '-H',
      `cookie=${cookie}`,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as AutocannonResult;
  // Let the last in-flight requests finish before the next target or shutdown.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function benchBackend(backend: string): Promise<Row[]> {
  let database: DatabaseHandle;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const name = `voicecart_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(POSTGRES_URL);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }

  const rows: Row[] = [];
  let opened: { close(): Promise<void> } | undefined;
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const { userId, brandId } = await seed(database);
    await addMessages(database, brandId, 1, FIRST_PHASE_CONVERSATIONS);
    console.log(`[${backend}] seeded 10,000 conversations and 2,000 messages in ${Date.now() - started} ms`);

    const config = loadConfig({
      LOG_LEVEL: 'warn',
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      HOST: '127.0.0.1',
      PORT: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const runtime = await startRuntime(config, { database, workers: false });
    opened = runtime;
    try {
      await runtime.app.listen({ host: '127.0.0.1', port: 0 });
      const address = runtime.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const cookie = `${SESSION_COOKIE}=${await createSession(database.db, userId)}`;
      const conversationsUrl = `${base}/api/brands/${brandId}/conversations`;

      const record = async (target: string, url: string) => {
        const result = await load(url, cookie);
        rows.push({ backend, target, ...result });
        console.log(
          `[${backend}] ${target}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
        );
      };

      await record('conversations, 2k messages', conversationsUrl);

      const more = Date.now();
      await addMessages(database, brandId, FIRST_PHASE_CONVERSATIONS + 1, CONVERSATIONS);
      const { rows: count } = await database.executeSql('select count(*)::int as n from messages', []);
      console.log(`[${backend}] now ${count[0]!.n} messages (added in ${Date.now() - more} ms)`);
      const { rows: sample } = await database.executeSql(
        `select id from conversations where brand_id = $1 and customer_instagram_id = 'b-5000'`,
        [brandId],
      );

      await record('GET /api/brands', `${base}/api/brands`);
      await record('conversations, 200k messages', conversationsUrl);
      await record('messages of one conversation', `${base}/api/conversations/${sample[0]!.id}/messages`);
      // Issue 12 §9: search, status filter and tab counts on the server, over the same 10,000 conversations.
      await record('conversations, search q=customer_42', `${conversationsUrl}?q=customer_42`);
      await record('conversations, status=escalated', `${conversationsUrl}?status=escalated`);
      await record('inbox counts, q=customer_42', `${base}/api/brands/${brandId}/inbox-counts?q=customer_42`);

      if (backend === 'postgres') {
        const { rows: plan } = await database.executeSql(
          `explain select id from conversations where brand_id = $1 order by last_message_at desc nulls last, id desc nulls last limit 51`,
          [brandId],
        );
        console.log(`[${backend}] conversation list plan: ${plan.map((p) => p['QUERY PLAN']).join(' | ')}`);
      }
    } finally {
      await runtime.close();
    }
  } finally {
    if (!opened) await database.close();
    // runtime.close() closed the database; give the job queue's pool a moment to let its sockets go.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dropDatabase();
  }
  return rows;
}

const all: Row[] = [];
for (const backend of BACKENDS) all.push(...(await benchBackend(backend)));

console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per target, 127.0.0.1`);
console.table(all);
const pgRows = all.filter((r) => r.backend === 'postgres');
if (pgRows.length > 0) {
  const small = pgRows.find((r) => r.target === 'conversations, 2k messages')!;
  const big = pgRows.find((r) => r.target === 'conversations, 200k messages')!;
  const worst = Math.max(
    ...pgRows.filter((r) => r.target !== 'conversations, 2k messages').map((r) => r.p99),
  );
  console.log(`PostgreSQL: worst p99 ${worst} ms (target < 25 ms): ${worst < 25 ? 'met' : 'NOT met'}`);
  console.log(
    `PostgreSQL: conversation list p99 ${small.p99} ms at 2k messages, ${big.p99} ms at 200k (target <= 2x): ` +
      `${big.p99 <= 2 * Math.max(small.p99, 1) ? 'met' : 'NOT met'}`,
  );
}
if (all.some((r) => r.errors > 0)) process.exitCode = 1;
