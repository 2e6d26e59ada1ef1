/**
 * `npm run bench:revenue`: attributed revenue at size, on PGlite and on PostgreSQL.
 *
 * Starts the real app on 127.0.0.1 with BENCH_BRANDS brands (one user), each with a Shopify connection and a
 * conversation, and BENCH_ORDERS attributed orders (and as many links sent) spread over the last 12 months, written
 * in bulk by SQL. Then:
 * 1. sends BENCH_WEBHOOKS signed `orders/create` deliveries (each a new order carrying one of the brand's link ids)
 *    over HTTP, BENCH_CONCURRENCY at a time, and prints order webhooks accepted per second;
 * 2. asks `GET /api/revenue` BENCH_READS times for one brand (brands in turn) over 30 days and over 12 months, and
 *    BENCH_READS / 5 times (at least 5) without a brand (all 50 brands, the screen's default) over both ranges, and
 *    prints p50/p95.
 * Finally it checks every delivered order was stored once.
 *
 * PostgreSQL: a throwaway database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is
 * created and dropped. BENCH_BACKENDS=pglite,postgres chooses the backends. BENCH_PROFILE=1 also prints, for the
 * webhooks, each PostgreSQL statement's calls and mean time as the app saw it (round trip included).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { startRuntime } from '#server/runtime.ts';
import type { LoadInput } from './revenue-load.ts';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';

const BRANDS = Number(process.env.BENCH_BRANDS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const READS = Number(process.env.BENCH_READS ?? 100);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const SECRET = 'bench-shopify-secret';
const PROFILE = process.env.BENCH_PROFILE === '1';

/** BENCH_PROFILE=1: time every PostgreSQL statement by its text (where a webhook's milliseconds go). */
const statementTimes = new Map<string, { calls: number; ms: number }>();
if (PROFILE) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
    const started = performance.now();
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => {
          const key = text.replace(/\s+/g, ' ').slice(0, 90);
          const entry = statementTimes.get(key) ?? { calls: 0, ms: 0 };
          entry.calls += 1;
          entry.ms += performance.now() - started;
          statementTimes.set(key, entry);
        },
        () => {},
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function runBackend(backend: string) {
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
  let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      HOST: '127.0.0.1',
      PORT: '0',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SHOPIFY_API_SECRET: SECRET,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    runtime = await startRuntime(config, { database, workers: false });
    const run = database.executeSql;
    const seedStarted = performance.now();
    const [user] = (
      await run(
        `insert into users (email, first_name, verified) values ('bench@example.com', 'Bench', true) returning id`,
        [],
      )
    ).rows as { id: string }[];
    await run(
      `insert into brands (user_id, name, username)
       select $1, 'Brand ' || n, 'brand' || n from generate_series(1, $2::int) n`,
      [user!.id, BRANDS],
    );
    await run(
      `insert into store_connections (brand_id, platform, name, store_key, currency)
       select id, 'shopify', name, 'bench-' || username || '.myshopify.com', 'USD' from brands`,
      [],
    );
    await run(
      `insert into conversations (brand_id, customer_username, customer_instagram_id)
       select id, 'buyer.' || username, 'ig-' || username from brands`,
      [],
    );
    // A bulk load: the roll-up triggers off, then one rebuild (migration 0013), as a restore would do it.
    await run(
      `alter table checkout_links disable trigger checkout_links_revenue_rollup;
       alter table store_orders disable trigger store_orders_revenue_rollup`,
      [],
    );
    // One link sent per order, each order carrying its link, over the last 365 days.
    await run(
      `insert into checkout_links (id, brand_id, conversation_id, items, sent_at)
       select 'L' || lpad(n::text, 11, '0'), b.id, c.id,
         jsonb_build_array(jsonb_build_object('variantId', 'v', 'externalId', 'x', 'quantity', 1,
           'unitPrice', '34.00', 'currency', 'USD')),
         now() - ((n % 365) || ' days')::interval - ((n % 1440) || ' minutes')::interval
       from generate_series(1, $1::int) n
       join (select id, row_number() over (order by id) - 1 as i from brands) b on b.i = n % $2::int
       join conversations c on c.brand_id = b.id`,
      [ORDERS, BRANDS],
    );
    await run(
      `insert into store_orders (brand_id, platform, external_id, order_number, placed_at, currency, total_minor,
         payload_refunded_minor, refunded_minor, paid_at, cancelled_at, status, link_id, conversation_id, lines,
         store_updated_at)
       select l.brand_id, 'shopify', 'gid://shopify/Order/' || n, '#' || n, l.sent_at + interval '1 hour', 'USD',
         3400 * (1 + n % 3), 0, case when n % 20 = 0 then 1000 else 0 end, l.sent_at + interval '1 hour',
         case when n % 50 = 0 then l.sent_at + interval '2 hours' end,
         case when n % 50 = 0 then 'cancelled' when n % 20 = 0 then 'partially_refunded' else 'paid' end,
         l.id, l.conversation_id,
         jsonb_build_array(jsonb_build_object('productTitle', 'Product ' || (n % 40), 'quantity', 1 + n % 3,
           'totalMinor', 3400 * (1 + n % 3))),
         l.sent_at + interval '2 hours'
       from generate_series(1, $1::int) n
       join checkout_links l on l.id = 'L' || lpad(n::text, 11, '0')`,
      [ORDERS],
    );
    await run(
      `alter table checkout_links enable trigger checkout_links_revenue_rollup;
       alter table store_orders enable trigger store_orders_revenue_rollup`,
      [],
    );
    const rebuildStarted = performance.now();
    await run('select voicecart_revenue_rebuild()', []);
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    await run('analyze', []);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    await runtime.app.listen({ host: '127.0.0.1', port: 0 });
    const address = runtime.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const brands = (
      await run(
        `select b.id, s.store_key as "storeKey",
           (select l.id from checkout_links l where l.brand_id = b.id limit 1) as "linkId"
         from brands b join store_connections s on s.brand_id = b.id order by b.id`,
        [],
      )
    ).rows as { id: string; storeKey: string; linkId: string }[];

    // 1. Order webhooks.
    statementTimes.clear();
    const loopBefore = performance.eventLoopUtilization();
    const load = new Worker(new URL('./revenue-load.ts', import.meta.url), {
      workerData: {
        base,
        secret: SECRET,
        brands: brands.map(({ storeKey, linkId }) => ({ storeKey, linkId })),
        webhooks: WEBHOOKS,
        concurrency: CONCURRENCY,
      } satisfies LoadInput,
      execArgv: ['--import', 'tsx'],
    });
    const { failures, seconds: webhookSeconds } = await new Promise<{ failures: number; seconds: number }>(
      (resolve, reject) => {
        load.once('message', resolve);
        load.once('error', reject);
      },
    );
    await load.terminate();
    // How busy the server's thread was: near 100 % means the app's own work bounds the rate, lower means it waited.
    const serverLoopBusy = performance.eventLoopUtilization(loopBefore).utilization;
    if (PROFILE) {
      for (const [text, { calls, ms }] of [...statementTimes]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 15)) {
        console.log(`  ${(ms / calls).toFixed(2).padStart(8)} ms x ${String(calls).padStart(5)}  ${text}`);
      }
    }
    const [stored] = (
      await run(
        // Exactly the ids sent: a LIKE prefix also matched the seeded order 90000 (counted 2001 for 2000).
        `select count(*)::int as n from store_orders
         where external_id in (select 'gid://shopify/Order/' || (900000000 + i) from generate_series(0, $1::int - 1) i)`,
        [WEBHOOKS],
      )
    ).rows as { n: number }[];

    // 2. Reads.
    const token = await createSession(database.db, user!.id);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const read = async (query: string) => {
      const t = performance.now();
      const response = await fetch(`${base}/api/revenue?${query}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /api/revenue answered ${response.status}`);
      return performance.now() - t;
    };
    const timings: Record<string, number[]> = { '30 days': [], '12 months': [] };
    for (let i = 0; i < READS; i += 1) {
      const brand = brands[i % brands.length]!;
      timings['30 days']!.push(await read(`brandId=${brand.id}&from=${day(29)}&to=${day(0)}`));
      timings['12 months']!.push(await read(`brandId=${brand.id}&from=${day(364)}&to=${day(0)}`));
    }
    const allBrands: Record<string, number[]> = { '30 days': [], '12 months': [] };
    for (let i = 0; i < Math.max(5, Math.floor(READS / 5)); i += 1) {
      allBrands['30 days']!.push(await read(`from=${day(29)}&to=${day(0)}`));
      allBrands['12 months']!.push(await read(`from=${day(364)}&to=${day(0)}`));
    }

    console.log(
      `\n[${backend}] seeded ${BRANDS} brands, ${ORDERS} orders and links over 12 months in ${seedSeconds.toFixed(1)} s (roll-up rebuild ${rebuildSeconds.toFixed(1)} s)`,
    );
    console.log(
      `[${backend}] order webhooks: ${WEBHOOKS} in ${webhookSeconds.toFixed(2)} s = ${(WEBHOOKS / webhookSeconds).toFixed(0)} accepted/s (${CONCURRENCY} at a time; server thread busy ${(serverLoopBusy * 100).toFixed(0)} %), non-200: ${failures}, stored once: ${stored!.n === WEBHOOKS - failures ? 'yes' : `no (${stored!.n})`}`,
    );
    for (const [label, values] of Object.entries(timings)) {
      console.log(
        `[${backend}] GET /api/revenue one brand, ${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (${values.length} requests)`,
      );
    }
    for (const [label, values] of Object.entries(allBrands)) {
      console.log(
        `[${backend}] GET /api/revenue all ${BRANDS} brands, ${label}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (${values.length} requests)`,
      );
    }
  } finally {
    if (runtime) await runtime.close();
    else await database.close();
    await dropDatabase();
  }
}

for (const backend of BACKENDS) await runBackend(backend);
