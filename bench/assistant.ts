/**
 * `npm run bench:assistant`: the assistant through the real signed webhook, on PGlite and PostgreSQL.
 *
 * 1. Accuracy: the labelled buyer DMs of bench/assistant-eval/cases.json (written from the sample store's catalog
 *    before tuning), each from a new buyer, follow-ups after their history. A case is right when the answer kind,
 *    the product and the variant match the label (in stock must carry a link, out of stock an alternative).
 * 2. Load: BENCH_RATE DMs per second (default 50) for BENCH_SECONDS (default 10) from distinct buyers; latency is
 *    from the webhook request to the send call received by the fake Graph server; lost and duplicated sends.
 *
 * The embedded composer (no LLM). Each backend runs in its own process (BENCH_BACKENDS=pglite,postgres); the
 * PostgreSQL run uses a throwaway database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { brands, users } from '#server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { createInstagramGraphClient } from '#server/integrations/instagram/graph-client.ts';
import { startRuntime } from '#server/runtime.ts';
import { signWebhookBody, startFakeInstagramGraph } from '#tests/fakes/instagram-graph.ts';
import { startCpuProfile } from './cpu-profile.ts';
import { appPoolSize, createThrowawayDatabase } from './throwaway-database.ts';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_EVAL_CONCURRENCY ?? 8);
const SHOW_MISSES = process.env.BENCH_SHOW_MISSES === '1';

const SHOW_TEST_MISSES = process.env.BENCH_SHOW_TEST_MISSES === '1';
const SETS = (process.env.BENCH_SETS ?? 'standard,messy-dev,messy-test').split(',');

interface EvalCase {
  id: string;
  catalog?: 'sample' | 'home-and-nutrition';
  language?: string;
  kinds?: string[];
  history: string[];
  text: string;
  expect: {
    kind: 'in_stock' | 'out_of_stock' | 'ask_which' | 'not_sold' | 'hand_off';
    product: string | null;
    variant: string | null;
    quantity?: number | null;
    alternative?: string | null;
    /** Several items asked in one message: every one in stock must be on the one link with its count. */
    items?: { product: string; variant: string | null; quantity: number | null; kind: string }[];
  };
  tags?: string[];
}

const setFiles: Record<string, string> = {
  standard: 'cases.json',
  'messy-dev': 'messy/dev.json',
  /** A second development set, written after the first was tuned on (bench/assistant-eval/messy/README.md). */
  'messy-dev2': 'messy/dev2.json',
  /** A third, leaning on what the buyer asks for that the shop does not sell, and on other languages. */
  'messy-dev3': 'messy/dev3.json',
  /** A fourth, written while the third was being tuned on; first measured untuned (its README section). */
  'messy-dev4': 'messy/dev4.json',
  /** A fifth, written after the fourth was tuned on; first measured untuned (its README section). */
  'messy-dev5': 'messy/dev5.json',
  /** A sixth, an ordinary week's mix, written while the fifth was tuned on and measured once after (README). */
  'messy-dev6': 'messy/dev6.json',
  /** A seventh, the same kind of mix, written while the sixth was tuned on and measured once after (README). */
  'messy-dev7': 'messy/dev7.json',
  /** An eighth, the same kind of mix, written while the seventh was tuned on and measured once after (README). */
  'messy-dev8': 'messy/dev8.json',
  /** A ninth, the same kind of mix, written while the eighth was tuned on and measured once after (README). */
  'messy-dev9': 'messy/dev9.json',
  /** A tenth, the same kind of mix, written after the ninth was measured (README); first measured untuned. */
  'messy-dev10': 'messy/dev10.json',
  /** An eleventh, the same kind of mix, written while the tenth was tuned on; measured once, then tuned on. */
  'messy-dev11': 'messy/dev11.json',
  /** A twelfth, the same kind of mix, written after the eleventh was measured; measured once, then tuned on. */
  'messy-dev12': 'messy/dev12.json',
  /** A thirteenth, the same kind of mix, written while the twelfth was tuned on; measured once and not tuned on. */
  'messy-dev13': 'messy/dev13.json',
  'messy-test': 'messy/test.json',
  /** BENCH_EXTRA_SET=/path/to/cases.json: a labelled file of one's own, in the same format, as the set "extra". */
  ...(process.env.BENCH_EXTRA_SET ? { extra: process.env.BENCH_EXTRA_SET } : {}),
};

/** The quantity a checkout link carries: Shopify's /cart/id:qty, WooCommerce's products=id:qty or quantity=, ours. */
function linkQuantity(link: string): number | null {
  try {
    const url = new URL(link);
    const quantity = url.searchParams.get('quantity');
    if (quantity) return Number(quantity);
    const items = url.searchParams.get('items') ?? url.searchParams.get('products');
    if (items) return Number(items.split(',')[0]!.split(':')[1] ?? 1);
    const cart = /\/cart\/[^/:]+:(\d+)/.exec(url.pathname);
    if (cart) return Number(cart[1]);
  } catch {
    return null;
  }
  return null;
}

type Tally = { right: number; total: number };
const bump = (map: Map<string, Tally>, key: string, isRight: boolean) => {
  const tally = map.get(key) ?? { right: 0, total: 0 };
  tally.total += 1;
  if (isRight) tally.right += 1;
  map.set(key, tally);
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const APP_SECRET = 'bench-instagram-app-secret';

async function openBenchDatabase(
  backend: string,
): Promise<{ database: DatabaseHandle; url?: string; name?: string; drop(): Promise<void> }> {
  if (backend !== 'postgres')
    return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const throwaway = await createThrowawayDatabase(POSTGRES_URL);
  return {
    database: await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: appPoolSize() }),
    url: throwaway.url,
    name: throwaway.name,
    drop: throwaway.drop,
  };
}

/**
 * CPU time so far (ms) of each PostgreSQL server process serving `database`, by pid, read from /proc; null where
 * there is none. A backend names its database in its process title ("postgres: user database host state"), so
 * other work on a shared server does not count.
 */
function postgresCpuByPid(database: string | null): Map<string, number> | null {
  if (database === null) return null;
  const byPid = new Map<string, number>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      if (!stat.includes('(postgres)')) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      } catch {
        continue;
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line (11 and 12 after the name), in clock ticks (10 ms).
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    return null;
  }
  return byPid;
}

/**
 * CPU time (ms) used from `start()` to `stop()` by this process (the app, the fake Graph server and the load) and by
 * the PostgreSQL server processes (none on PGlite, which runs inside this one). Sampled every 200 ms, so a
 * connection that closes meanwhile still counts with what it had used by its last sample.
 */
function cpuMeter(database: string | null) {
  const startApp = process.cpuUsage();
  const first = postgresCpuByPid(database);
  const last = new Map(first ?? []);
  const sample = () => {
    for (const [pid, ms] of postgresCpuByPid(database) ?? []) last.set(pid, ms);
  };
  const timer = setInterval(sample, 200);
  return {
    stop(): { app: number; database: number } {
      clearInterval(timer);
      sample();
      const app = process.cpuUsage(startApp);
      let database = 0;
      for (const [pid, ms] of last) database += ms - (first?.get(pid) ?? 0);
      return { app: (app.user + app.system) / 1000, database: first ? database : NaN };
    },
  };
}

async function runBackend(backend: string) {
  const fake = await startFakeInstagramGraph();
  const opened = await openBenchDatabase(backend);
  await migrateDatabase(opened.database);
  const env = {
    LOG_LEVEL: 'silent',
    CLIENT_DIST_DIR: '/nonexistent-client-build',
    JOB_POLL_SECONDS: '2',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    INSTAGRAM_APP_SECRET: APP_SECRET,
    INSTAGRAM_VERIFY_TOKEN: 'bench-verify',
    INSTAGRAM_APP_ID: 'bench-app',
    INSTAGRAM_API_URL: fake.url,
    INSTAGRAM_OAUTH_AUTHORIZE_URL: fake.authorizeUrl,
    INSTAGRAM_OAUTH_TOKEN_URL: fake.tokenUrl,
    ...(opened.url ? { DATABASE_URL: opened.url } : {}),
  };
  const config = loadConfig(env);
  const graph = createInstagramGraphClient({
    apiUrl: fake.url,
    apiVersion: 'v25.0',
    appId: env.INSTAGRAM_APP_ID,
    appSecret: APP_SECRET,
    authorizeUrl: fake.authorizeUrl,
    tokenUrl: fake.tokenUrl,
    timeoutMs: 5000,
  });
  const app = await startRuntime(config, { database: opened.database, workers: true, channel: { graph } });
  try {
    const db = app.database.db;
    const [user] = await db.insert(users).values({ email: 'bench@example.com', verified: true }).returning();
    const [brandRow] = await db
      .insert(brands)
      .values({ userId: user!.id, name: 'Bench Brand', username: 'benchbrand' })
      .returning();
    const brand = { userId: user!.id, brandId: brandRow!.id };
    const fakeAccount = fake.addAccount({ accountId: '17841400000099', username: 'benchbrand' });
    const cookie = `${SESSION_COOKIE}=${await createSession(db, user!.id)}`;
    const connect = await app.app.inject({
      method: 'PUT',
      url: `/api/brands/${brand.brandId}/instagram`,
      headers: { cookie },
      payload: { accountId: fakeAccount.accountId, accessToken: fakeAccount.token },
    });
    if (connect.statusCode !== 200) throw new Error(`connect failed: ${connect.statusCode} ${connect.body}`);
    const account = fakeAccount.accountId;
    await app.catalog.connections.connect(brand.userId, brand.brandId, { platform: 'sample' });

    let midCounter = 0;
    const customerMessage = (igsid: string, text: string, to: string) => ({
      sender: { id: igsid },
      recipient: { id: to },
      timestamp: Date.now(),
      message: { mid: `mid.bench.${++midCounter}.${Date.now()}`, text },
    });
    const postWebhook = (body: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/webhooks/instagram',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signWebhookBody(APP_SECRET, body),
        },
        payload: body,
      });

    // Arrival time of each send at the fake Graph server, by recipient (the fake keeps its list by reference).
    const arrivals = new Map<string, number[]>();
    const sent = fake.sentMessages();
    const push = sent.push.bind(sent);
    sent.push = (...items) => {
      const now = performance.now();
      for (const item of items) {
        const key = item.recipient.id ?? item.recipient.comment_id ?? '';
        arrivals.set(key, [...(arrivals.get(key) ?? []), now]);
      }
      return push(...items);
    };

    const send = async (igsid: string, text: string, to = account) => {
      const body = JSON.stringify({
        object: 'instagram',
        entry: [{ id: to, time: Date.now(), messaging: [customerMessage(igsid, text, to)] }],
      });
      const response = await postWebhook(body);
      if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
    };
    const traces = async (igsid: string, brandId: string) =>
      (
        await app.database.executeSql(
          `select t.trace, t.product_title, t.variant_title from assistant_traces t join conversations c on c.id = t.conversation_id
            where c.customer_instagram_id = $1 and c.brand_id = $2 order by t.created_at`,
          [igsid, brandId],
        )
      ).rows;
    const waitForTraces = async (igsid: string, count: number, brandId = brand.brandId) => {
      const started = Date.now();
      for (;;) {
        const rows = await traces(igsid, brandId);
        if (rows.length >= count) return rows;
        if (Date.now() - started > 30_000) throw new Error(`no answer for ${igsid}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // ---- 1. accuracy ----
    // A second brand on the second sample catalog, with its own Instagram account.
    const [homeBrandRow] = await db
      .insert(brands)
      .values({ userId: user!.id, name: 'Bench Home', username: 'benchhome' })
      .returning();
    const homeAccount = fake.addAccount({ accountId: '17841400000098', username: 'benchhome' });
    const homeConnect = await app.app.inject({
      method: 'PUT',
      url: `/api/brands/${homeBrandRow!.id}/instagram`,
      headers: { cookie },
      payload: { accountId: homeAccount.accountId, accessToken: homeAccount.token },
    });
    if (homeConnect.statusCode !== 200) throw new Error(`connect failed: ${homeConnect.statusCode}`);
    await app.catalog.connections.connect(brand.userId, homeBrandRow!.id, {
      platform: 'sample',
      catalog: 'home-and-nutrition',
    });
    const accountOf = (item: EvalCase) =>
      item.catalog === 'home-and-nutrition' ? homeAccount.accountId : account;
    const brandOf = (item: EvalCase) =>
      item.catalog === 'home-and-nutrition' ? homeBrandRow!.id : brand.brandId;

    const sets: {
      name: string;
      right: number;
      total: number;
      byKind: Record<string, Tally>;
      byLanguage: Record<string, Tally>;
      byExpected: Record<string, Tally>;
      misses: { kinds: string[]; line: string }[];
    }[] = [];
    const standardCases = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'assistant-eval', 'cases.json'), 'utf8'),
    ) as EvalCase[];
    // BENCH_LOAD_ONLY=1 skips the accuracy pass (for profiling the load alone).
    for (const setName of process.env.BENCH_LOAD_ONLY === '1' ? [] : SETS) {
      const file = setFiles[setName];
      if (!file) throw new Error(`unknown set ${setName}`);
      // BENCH_CASES=m-001,m-002 runs only those cases (for looking at a few development misses).
      const only = process.env.BENCH_CASES?.split(',');
      const cases = (
        JSON.parse(
          readFileSync(path.resolve(import.meta.dirname, 'assistant-eval', file), 'utf8'),
        ) as EvalCase[]
      ).filter((item) => !only || only.includes(item.id));
      const isStandard = setName === 'standard';
      const misses: { kinds: string[]; line: string }[] = [];
      let right = 0;
      const byKind = new Map<string, Tally>();
      const byLanguage = new Map<string, Tally>();
      const byExpected = new Map<string, Tally>();
      const queue = [...cases];
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let item = queue.shift(); item; item = queue.shift()) {
            const igsid = `eval-${backend}-${setName}-${item.id}`;
            const to = accountOf(item);
            for (const [index, line] of item.history.entries()) {
              await send(igsid, line, to);
              await waitForTraces(igsid, index + 1, brandOf(item));
            }
            await send(igsid, item.text, to);
            const rows = await waitForTraces(igsid, item.history.length + 1, brandOf(item));
            const last = rows.at(-1)!;
            const trace = last.trace as {
              answerKind: string;
              link: string | null;
              reply: string | null;
              stock: { quantity: number | null } | null;
              alternative: { product: string; link: string | null } | null;
              product: { title: string } | null;
              language?: string | null;
              match?: { confidence: number | null; lacking: string | null } | null;
              items?:
                { product: string; variant: string; asked: number | null; linked: number | null }[] | null;
            };
            const kind = (() => {
              // A conversation already with a person (an earlier message of the thread was handed off) gets
              // silence from the assistant: that is the hand-off the label asks for.
              if (
                (last.trace as { outcome?: string }).outcome === 'silent' &&
                /escalated|person is handling/.test(
                  (last.trace as { silentReason?: string | null }).silentReason ?? '',
                )
              )
                return 'hand_off';
              switch (trace.answerKind) {
                case 'in_stock':
                  return trace.link ? 'in_stock' : 'in_stock_without_link';
                case 'price':
                  return trace.link ? 'in_stock' : 'out_of_stock';
                case 'out_of_stock':
                  // The standard set asks for an alternative with every sold-out answer; the messy set labels
                  // the answer alone.
                  return trace.alternative?.link || !isStandard
                    ? 'out_of_stock'
                    : 'out_of_stock_without_alternative';
                case 'ask_variant':
                case 'ask_product':
                  return 'ask_which';
                case 'hand_off':
                  return 'hand_off';
                case 'not_sold':
                  return 'not_sold';
                default:
                  return trace.answerKind;
              }
            })();
            const product = (last.product_title as string | null) ?? trace.product?.title ?? null;
            const variant = last.variant_title as string | null;
            let quantityRight = true;
            if (!isStandard && item.expect.kind === 'in_stock' && trace.link) {
              const asked = item.expect.quantity ?? 1;
              const onHand = trace.stock?.quantity ?? null;
              const expected = onHand !== null && onHand > 0 ? Math.min(asked, onHand) : asked;
              quantityRight = linkQuantity(trace.link) === expected;
            }
            // A basket label is right only when every item in stock is on the link with its count.
            const expectedItems = (item.expect.items ?? []).filter((line) => line.kind === 'in_stock');
            const itemsRight =
              isStandard ||
              item.expect.kind !== 'in_stock' ||
              (item.expect.items ?? []).length < 2 ||
              (expectedItems.length === (trace.items ?? []).filter((line) => line.linked !== null).length &&
                expectedItems.every((line) =>
                  (trace.items ?? []).some(
                    (got) =>
                      got.product === line.product &&
                      (line.variant === null || got.variant === line.variant) &&
                      got.linked === (line.quantity ?? 1),
                  ),
                ));
            const alternativeRight =
              item.expect.kind !== 'not_sold' ||
              !item.expect.alternative ||
              (trace.alternative?.product === item.expect.alternative &&
                (trace.reply ?? '').includes(item.expect.alternative));
            const isRight =
              kind === item.expect.kind &&
              (item.expect.product === null || product === item.expect.product) &&
              (item.expect.variant === null || variant === item.expect.variant) &&
              quantityRight &&
              itemsRight &&
              alternativeRight;
            if (isRight) right += 1;
            bump(byExpected, item.expect.kind, isRight);
            for (const tag of item.kinds ?? []) bump(byKind, tag, isRight);
            bump(byLanguage, item.language ?? 'en', isRight);
            if (!isRight)
              misses.push({
                kinds: item.kinds ?? [item.expect.kind],
                line:
                  `${item.id} [${(item.kinds ?? []).join(',')}] ${item.history.length > 0 ? `(${item.history.join(' | ')}) ` : ''}"${item.text}": ` +
                  `expected ${item.expect.kind} ${item.expect.product ?? ''} ${item.expect.variant ?? ''} q${item.expect.quantity ?? ''} ${item.expect.alternative ? `alt ${item.expect.alternative}` : ''}; ` +
                  `got ${kind} ${product ?? ''} ${variant ?? ''} ${trace.link ? `q${linkQuantity(trace.link)}` : ''} ${trace.alternative ? `alt ${trace.alternative.product}` : ''} ` +
                  `[${trace.language ?? ''} conf ${trace.match?.confidence ?? '-'} lacking ${trace.match?.lacking ?? '-'}] :: ${(trace.reply ?? '').slice(0, 160)}`,
              });
          }
        }),
      );
      sets.push({
        name: setName,
        right,
        total: cases.length,
        byKind: Object.fromEntries(byKind),
        byLanguage: Object.fromEntries(byLanguage),
        byExpected: Object.fromEntries(byExpected),
        misses,
      });
    }

    // ---- 2. steady load ----
    const walPosition = async () => {
      const { rows } = await app.database.executeSql('select pg_current_wal_lsn()::text as lsn');
      const [high, low] = String(rows[0]!.lsn).split('/');
      return parseInt(high!, 16) * 2 ** 32 + parseInt(low!, 16);
    };
    const texts = standardCases
      .filter((item) => item.history.length === 0 && item.expect.kind !== 'hand_off')
      .map((item) => item.text);
    const total = RATE * SECONDS;
    const sentAt = new Map<string, number>();
    const cpu = cpuMeter(opened.name ?? null);
    // BENCH_CPU_PROFILE=DIR: the load alone, as DIR/assistant-<backend>.cpuprofile.
    const profile = await startCpuProfile(`assistant-${backend}`);
    // WAL written per DM: how much the database writes for one answer, a figure other load does not move.
    const walBefore = await walPosition();
    const loadStarted = performance.now();
    const posts: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = loadStarted + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const igsid = `load-${backend}-${index}`;
      sentAt.set(igsid, performance.now());
      posts.push(send(igsid, texts[index % texts.length]!));
    }
    await Promise.all(posts);
    // A backlog is slow, not lost: wait while answers keep coming; a DM is lost when nothing arrives for 30 s.
    let answered = 0;
    let lastProgress = Date.now();
    while (Date.now() - lastProgress < 30_000 && [...sentAt.keys()].some((igsid) => !arrivals.has(igsid))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = [...sentAt.keys()].filter((igsid) => arrivals.has(igsid)).length;
      if (now > answered) {
        answered = now;
        lastProgress = Date.now();
      }
    }
    const lastArrival = Math.max(...[...sentAt.keys()].flatMap((igsid) => arrivals.get(igsid) ?? []));
    // CPU (this process and PostgreSQL's) per answered DM, from the start of the load to the last answer.
    const cpuUsed = cpu.stop();
    await profile.stop();
    const walBytesPerDm = ((await walPosition()) - walBefore) / total;
    // Duplicates show up late, if at all: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const latencies = [...sentAt.entries()]
      .filter(([igsid]) => arrivals.has(igsid))
      .map(([igsid, at]) => arrivals.get(igsid)![0]! - at)
      .sort((a, b) => a - b);
    const cpuMsPerDm = {
      app: cpuUsed.app / Math.max(1, latencies.length),
      database: cpuUsed.database / Math.max(1, latencies.length),
    };
    const lost = [...sentAt.keys()].filter((igsid) => !arrivals.has(igsid)).length;
    // Where the assistant's own time goes (its trace timings), median per step, over the load's replies.
    const { rows: stepRows } = await app.database.executeSql(
      `select t.trace->'timings' as timings from assistant_traces t join conversations c on c.id = t.conversation_id
        where c.customer_instagram_id like $1`,
      [`load-${backend}-%`],
    );
    const steps: Record<string, number[]> = {};
    for (const row of stepRows)
      for (const [step, ms] of Object.entries(row.timings as Record<string, number>))
        (steps[step] ??= []).push(ms);
    // Split the latency: the channel's inbound processing (webhook stored -> event processed) and the assistant
    // (event processed -> trace recorded after the send), medians in ms.
    const { rows: splitRows } = await app.database.executeSql(
      `select percentile_cont(0.5) within group (order by extract(epoch from (e.processed_at - e.received_at)) * 1000) as inbound_ms,
              percentile_cont(0.95) within group (order by extract(epoch from (e.processed_at - e.received_at)) * 1000) as inbound_p95
         from instagram_events e where e.thread_key like $1 and e.processed_at is not null`,
      [`%load-${backend}-%`],
    );
    const { rows: assistantRows } = await app.database.executeSql(
      `select percentile_cont(0.5) within group (order by extract(epoch from (t.created_at - e.processed_at)) * 1000) as assistant_ms,
              percentile_cont(0.95) within group (order by extract(epoch from (t.created_at - e.processed_at)) * 1000) as assistant_p95
         from assistant_traces t join conversations c on c.id = t.conversation_id
         join instagram_events e on e.brand_id = c.brand_id and e.thread_key like '%' || c.customer_instagram_id
        where c.customer_instagram_id like $1 and e.processed_at is not null`,
      [`load-${backend}-%`],
    );
    const split = {
      inboundMs: Number(splitRows[0]?.inbound_ms ?? NaN),
      inboundP95: Number(splitRows[0]?.inbound_p95 ?? NaN),
      assistantMs: Number(assistantRows[0]?.assistant_ms ?? NaN),
      assistantP95: Number(assistantRows[0]?.assistant_p95 ?? NaN),
    };
    const stepMedians = Object.fromEntries(
      Object.entries(steps).map(([step, values]) => [
        step,
        percentile(
          values.sort((a, b) => a - b),
          50,
        ),
      ]),
    );
    const duplicated = [...sentAt.keys()].filter((igsid) => (arrivals.get(igsid)?.length ?? 0) > 1).length;
    return {
      backend,
      sets,
      load: {
        sent: total,
        rate: RATE,
        seconds: SECONDS,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        answeredPerSecond: latencies.length / ((lastArrival - loadStarted) / 1000),
        lost,
        duplicated,
        cpuMsPerDm,
        walBytesPerDm,
        stepMedians,
        split,
      },
    };
  } finally {
    await app.close();
    await fake.close();
    await opened.drop();
  }
}

async function main() {
  const child = process.env.BENCH_CHILD;
  if (child) {
    const result = await runBackend(child);
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
    return;
  }
  const run = promisify(execFile);
  for (const backend of BACKENDS) {
    const env = { ...process.env, BENCH_CHILD: backend };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', import.meta.filename], {
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
    const line = stdout.split('\n').find((text) => text.startsWith('BENCH_RESULT '));
    if (!line) throw new Error(`no result from the ${backend} run`);
    const result = JSON.parse(line.slice('BENCH_RESULT '.length)) as Awaited<ReturnType<typeof runBackend>>;
    const { sets, load } = result;
    console.log(`\n== ${backend} ==`);
    const percent = (tally: Tally) =>
      `${tally.right}/${tally.total} = ${((100 * tally.right) / tally.total).toFixed(1)} %`;
    for (const set of sets) {
      console.log(`${set.name}: ${percent(set)}`);
      console.log(
        `  by answer: ${Object.entries(set.byExpected)
          .map(([kind, tally]) => `${kind} ${tally.right}/${tally.total}`)
          .join(', ')}`,
      );
      if (Object.keys(set.byKind).length > 0)
        console.log(
          `  by kind: ${Object.entries(set.byKind)
            .sort((a, b) => b[1].total - a[1].total)
            .map(([kind, tally]) => `${kind} ${tally.right}/${tally.total}`)
            .join(', ')}`,
        );
      console.log(
        `  by language: ${Object.entries(set.byLanguage)
          .sort((a, b) => b[1].total - a[1].total)
          .map(([language, tally]) => `${language} ${tally.right}/${tally.total}`)
          .join(', ')}`,
      );
      const isTest = set.name === 'messy-test';
      if ((SHOW_MISSES && !isTest) || (isTest && SHOW_TEST_MISSES))
        for (const miss of set.misses) console.log(`  miss ${miss.line}`);
      else if (set.misses.length > 0) {
        const byKind = new Map<string, number>();
        for (const miss of set.misses)
          for (const kind of miss.kinds) byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
        console.log(
          `  ${set.misses.length} misses (by kind: ${[...byKind.entries()].map(([kind, count]) => `${kind} ${count}`).join(', ')}); ` +
            (isTest ? 'BENCH_SHOW_TEST_MISSES=1 lists them' : 'BENCH_SHOW_MISSES=1 lists them'),
        );
      }
    }
    if (load.sent === 0) continue;
    console.log(
      `load: ${load.sent} DMs at ${load.rate}/s for ${load.seconds} s; webhook -> Graph send p50 ${load.p50.toFixed(0)} ms, ` +
        `p95 ${load.p95.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms; ${load.answeredPerSecond.toFixed(1)} DMs/s answered; ` +
        `lost ${load.lost}, duplicated ${load.duplicated}; CPU per DM: app ${load.cpuMsPerDm.app.toFixed(1)} ms, database ${typeof load.cpuMsPerDm.database === 'number' ? `${load.cpuMsPerDm.database.toFixed(1)} ms` : 'in the app'}`,
    );
    console.log(`WAL written per DM: ${Math.round(load.walBytesPerDm)} bytes`);
    console.log(
      `split (median / p95): inbound processing ${load.split.inboundMs.toFixed(0)} / ${load.split.inboundP95.toFixed(0)} ms, ` +
        `then assistant queue + pipeline + send ${load.split.assistantMs.toFixed(0)} / ${load.split.assistantP95.toFixed(0)} ms`,
    );
    console.log(
      `assistant steps (median ms): ${Object.entries(load.stepMedians)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(', ')}`,
    );
  }
}

await main();
