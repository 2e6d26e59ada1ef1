/**
 * `npm run bench:analytics`: the Performance screen's read and the roll-up's cost, on PGlite and PostgreSQL.
 *
 * Seeds (set-based, generate_series) BENCH_MESSAGES messages (1,000,000) in conversations of ten messages and
 * BENCH_TRACES assistant traces (200,000) over BENCH_BRANDS brands (20, in four time zones) and the last 12 months,
 * with the change triggers off while seeding; then times `rebuild-analytics`, the p95 of GET /api/analytics
 * (through the real app, `inject`) for 30 days and 12 months, for all brands and for one, and the roll-up's cost
 * per incoming DM: BENCH_DMS (1,000) single-row inserts of a customer message with the change trigger on and off
 * (alternating batches, so a neighbour's load hits both) into conversations started in the last
 * BENCH_DMS_WITHIN_DAYS days (7; 365 spreads them over the year), plus the analytics-rollup job's run over them.
 *
 * Settings: BENCH_BACKENDS=pglite,postgres; BENCH_POSTGRES_URL (a throwaway database is created there and
 * dropped; default postgres://postgres@127.0.0.1:5432/postgres); BENCH_REQUESTS (60 per figure).
 * BENCH_REUSE=<name> keeps the seeded data for the next run instead: PostgreSQL database `voicecart_bench_<name>` (kept,
 * not dropped) and PGlite data directory `/tmp/voicecart-bench-<name>`; a run that finds them seeded skips the seed
 * (new migrations still apply), so a change can be measured before and after on the same rows. Delete them by hand.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { users } from '#server/db/schema/index.ts';
import { rebuildAnalytics, rollUpChanges } from '#server/modules/analytics/rollup.ts';
import { startRuntime } from '#server/runtime.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const TRACES = Number(process.env.BENCH_TRACES ?? 200_000);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 20);
const DMS = Number(process.env.BENCH_DMS ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
/** The DMs arrive in conversations started within this many days (an incoming DM continues a recent one). */
const DMS_WITHIN_DAYS = Number(process.env.BENCH_DMS_WITHIN_DAYS ?? 7);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_CONVERSATION = 10;
const REUSE = process.env.BENCH_REUSE;

const triggers = [
  ['messages', 'messages_analytics_dirty'],
  ['comments', 'comments_analytics_dirty'],
  ['assistant_traces', 'assistant_traces_analytics_dirty'],
  ['conversations', 'conversations_analytics_dirty'],
] as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function seed(db: Database, userId: string) {
  for (const [table, trigger] of triggers)
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  const conversations = Math.max(1, Math.round(MESSAGES / PER_CONVERSATION));
  const tracesPer = Math.max(1, Math.round(TRACES / conversations));
  await db.execute(sql`
    insert into brands (user_id, name, username, time_zone)
    select ${userId}, 'Bench ' || i, 'bench' || i,
      (array['America/Los_Angeles', 'UTC', 'Europe/Berlin', 'Asia/Tokyo'])[1 + i % 4]
    from generate_series(1, ${BRANDS}) i`);
  await db.execute(sql`
    insert into conversations
      (brand_id, customer_username, customer_instagram_id, status, handled_by, created_at, last_message_at)
    select b.ids[1 + i % ${BRANDS}], 'buyer' || i, 'ig' || i,
      case when i % 10 = 0 then 'escalated' else 'active' end,
      case when i % 7 = 0 then 'person' else 'assistant' end,
      now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
    from generate_series(1, ${conversations}) i,
      (select array_agg(id order by id) as ids from brands where user_id = ${userId}) b`);
  await db.execute(sql`
    insert into messages (conversation_id, brand_id, sender, content, created_at)
    select c.id, c.brand_id,
      case when k % 2 = 1 then 'customer' when k % 10 = 0 then 'agent' else 'ai' end,
      'bench message', c.created_at + k * interval '30 seconds'
    from conversations c cross join generate_series(1, ${PER_CONVERSATION}) k`);
  await db.execute(sql`
    insert into assistant_traces (brand_id, conversation_id, event_key, outcome, intent, product_id, product_title,
      variant_id, variant_title, stock_available, provider, total_ms, trace, created_at)
    select c.brand_id, c.id, 'bench:' || c.id || ':' || k, 'replied',
      (array['availability', 'price', 'human', 'complaint', 'other'])[1 + (h % 5)],
      md5('p' || (h % 50))::uuid, 'Product ' || (h % 50),
      md5('v' || (h % 200))::uuid, 'Variant ' || (h % 200), h % 5 <> 0, 'embedded', 20,
      jsonb_build_object('answerKind', (array['in_stock', 'out_of_stock', 'ask_variant', 'not_sold', 'hand_off'])[1 + (h % 5)],
        'handedOff', h % 20 = 0),
      c.created_at + k * interval '1 minute'
    from conversations c cross join generate_series(1, ${tracesPer}) k
    cross join lateral (select abs(hashtext(c.id::text || k::text)) as h) x`);
  for (const [table, trigger] of triggers)
    await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  await db.execute(sql`analyze`);
  return { conversations, traces: conversations * tracesPer };
}

async function runBackend(backend: string): Promise<void> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (backend === 'postgres') {
    const name = `voicecart_bench_${REUSE ?? randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(POSTGRES_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    if (!REUSE)
      dropDatabase = async () => {
        const dropper = new pg.Client({ connectionString: POSTGRES_URL });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      };
  } else {
    handle = await openDatabase(
      REUSE ? { kind: 'pglite', dataDir: `/tmp/voicecart-bench-${REUSE}` } : { kind: 'pglite' },
    );
  }
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const [seededUser] = (
      (await db.execute(
        sql`select u.id::text as id from users u where exists (select 1 from brands b where b.user_id = u.id)
          and u.email like 'bench-%' limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    let user: { id: string };
    if (REUSE && seededUser) {
      user = seededUser;
      console.log(`[${backend}] reusing the seeded data (BENCH_REUSE=${REUSE})`);
      const started = performance.now();
      await rollUpChanges(db);
      console.log(`[${backend}] roll-up of left-over changes: ${ms(performance.now() - started)}`);
    } else {
      const [created] = await db
        .insert(users)
        .values({
          email: `bench-${Date.now()}@example.com`,
          firstName: 'B',
          lastName: 'Ench',
          verified: true,
        })
        .returning({ id: users.id });
      user = created!;
      let started = performance.now();
      const seeded = await seed(db, user.id);
      console.log(
        `[${backend}] seeded ${MESSAGES.toLocaleString()} messages, ${seeded.traces.toLocaleString()} traces, ` +
          `${seeded.conversations.toLocaleString()} conversations, ${BRANDS} brands in ${ms(performance.now() - started)}`,
      );
      started = performance.now();
      await rebuildAnalytics(db);
      console.log(`[${backend}] rebuild-analytics: ${ms(performance.now() - started)}`);
    }

    const config = loadConfig({
      LOG_LEVEL: 'silent',
      CLIENT_DIST_DIR: '/nonexistent-client-build',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const runtime = await startRuntime(config, { database: handle, workers: false });
    const cookie = `${SESSION_COOKIE}=${await createSession(db, user.id)}`;
    const brandRows = (await db.execute(
      sql`select id::text as id from brands where user_id = ${user.id} limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const oneBrand = brandRows.rows[0]!.id;
    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    for (const [label, from, brand] of [
      ['30 days, all brands', daysAgo(29), undefined],
      ['12 months, all brands', daysAgo(364), undefined],
      ['30 days, one brand', daysAgo(29), oneBrand],
      ['12 months, one brand', daysAgo(364), oneBrand],
    ] as const) {
      const query = `/api/analytics?from=${from}&to=${today}${brand ? `&brandId=${brand}` : ''}`;
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i += 1) {
        const at = performance.now();
        const response = await runtime.app.inject({ method: 'GET', url: query, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
        if (i >= 5) times.push(performance.now() - at);
      }
      console.log(
        `[${backend}] GET /api/analytics ${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
      );
    }

    // The roll-up's cost per incoming DM: the change trigger (on vs off) and the job's run over the changes.
    const conversationRows = (await db.execute(
      sql`select id::text as id, brand_id::text as brand_id from conversations
        where created_at > now() - ${`${DMS_WITHIN_DAYS} days`}::interval order by random() limit ${DMS}`,
    )) as unknown as { rows: { id: string; brand_id: string }[] };
    const targets = conversationRows.rows;
    const insertDm = (target: { id: string; brand_id: string }) =>
      db.execute(
        sql`insert into messages (conversation_id, brand_id, sender, content) values (${target.id}, ${target.brand_id}, 'customer', 'is this in stock?')`,
      );
    let withTrigger = 0;
    let withoutTrigger = 0;
    let jobMs = 0;
    const batch = 100;
    for (let offset = 0; offset < targets.length; offset += batch) {
      const slice = targets.slice(offset, offset + batch);
      let at = performance.now();
      for (const target of slice) await insertDm(target);
      withTrigger += performance.now() - at;
      at = performance.now();
      await rollUpChanges(db);
      jobMs += performance.now() - at;
      await db.execute(sql`alter table messages disable trigger messages_analytics_dirty`);
      at = performance.now();
      for (const target of slice) await insertDm(target);
      withoutTrigger += performance.now() - at;
      await db.execute(sql`alter table messages enable trigger messages_analytics_dirty`);
    }
    const n = targets.length;
    const triggerMs = (withTrigger - withoutTrigger) / n;
    console.log(
      `[${backend}] per incoming DM (${n} DMs, batches of ${batch}): insert ${ms(withoutTrigger / n)} without the ` +
        `change trigger, ${ms(withTrigger / n)} with it (trigger ${ms(triggerMs)}); the roll-up job over them ` +
        `${ms(jobMs / n)} per DM; roll-up total ${ms(triggerMs + jobMs / n)} per DM`,
    );
    await runtime.app.close();
    await runtime.jobs.stop();
  } finally {
    await handle.close();
    await dropDatabase?.();
  }
}

for (const backend of BACKENDS) await runBackend(backend);
