/**
 * `npm run bench:soak`: two real server processes on one PostgreSQL database under mixed load for SOAK_SECONDS,
 * one of them killed with SIGKILL and restarted every SOAK_KILL_EVERY seconds.
 *
 * This process creates a throwaway database (bench/throwaway-database.ts), runs the fake Instagram Graph, Shopify
 * and WooCommerce servers of tests/fakes/ on 127.0.0.1, and starts instances A and B of `src/server/main.ts`
 * (bench/app-process.ts: workers on, different ports). It plays Meta, the stores and the dashboards at once:
 * signed DMs (new buyers, some writing 2 or 3 messages), 🔥 comments on a post with a comment rule, Shopify and
 * WooCommerce product webhooks, dashboard reads (conversation lists and messages) and live-event stream clients,
 * spread over the instances that are up, as a balancer would. A delivery that fails (cut by a kill, or a 5xx) is
 * delivered again to an instance that is up, as Meta and the stores retry. B is the one killed, so A's memory is
 * measured over the whole run; B's per process lifetime.
 *
 * At the end it waits for the answers to drain, then prints: DMs answered exactly once (the fake Graph's sends,
 * attributed to the buyer's message through the graph id our send rows hold: lost and duplicated), reply latency
 * p50/p95/p99 (webhook sent to the reply's arrival at the fake), webhooks stored = sent (rows), HTTP 5xx (apart
 * from connections the kills cut, counted on their own), memory, error log lines. The exit code is 1 when a
 * target is missed. Settings: bench/README.md. The last line is `SOAK_RESULT <json>` for the CI test.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { brands, users } from '#server/db/schema/index.ts';
import { signWooWebhook } from '#server/integrations/woocommerce/rest-client.ts';
import { signWebhookBody, startFakeInstagramGraph } from '#tests/fakes/instagram-graph.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyProduct,
} from '#tests/fakes/shopify-admin.ts';
import { makeWooProducts, startFakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { judgeComments, judgeDirectMessages } from './soak-judge.ts';
import { freePorts, residentBytes, startAppProcess, type AppProcess } from './app-process.ts';
import { BENCH_POSTGRES_URL, createThrowawayDatabase } from './throwaway-database.ts';

const setting = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a number >= 0, got ${value}`);
  return number;
};
const SECONDS = setting('SOAK_SECONDS', 600);
const DM_RATE = setting('SOAK_DM_RATE', 20);
const READ_RATE = setting('SOAK_READ_RATE', 50);
const COMMENT_RATE = setting('SOAK_COMMENT_RATE', 0.5);
const STORE_WEBHOOK_RATE = setting('SOAK_STORE_WEBHOOK_RATE', 2);
const STREAM_CLIENTS = setting('SOAK_STREAM_CLIENTS', 20);
// Every 2 minutes in the 10-minute run; a third of a shorter run (20 s of 60), so it still sees several kills.
const KILL_EVERY = setting('SOAK_KILL_EVERY', Math.min(120, SECONDS / 3));
const DRAIN_SECONDS = setting('SOAK_DRAIN_SECONDS', 180);
const WARMUP_SECONDS = setting('SOAK_WARMUP_SECONDS', Math.min(60, SECONDS / 4));
const MEMORY_TARGET_MB = 50;
/** The least time B serves between a restart and the next kill. */
const MIN_SERVING_MS = 5000;
// Memory growth decides the exit code only on runs long enough for it to mean something (the CI run is 60 s).
const ASSERT_MEMORY = setting('SOAK_ASSERT_MEMORY', SECONDS >= 300 ? 1 : 0) === 1;
const POSTGRES_URL = process.env.SOAK_POSTGRES_URL ?? BENCH_POSTGRES_URL;
const APP_SECRET = 'soak-instagram-app-secret';
const SHOPIFY_SECRET = 'soak-shopify-secret';
const RUN = randomBytes(3).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `promise`, or null after `ms`; its timer is cleared either way, so it never holds the process open at the end. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
const log = (line: string) => console.log(`[soak ${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${line}`);
const mb = (bytes: number | null | undefined) =>
  bytes == null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A small seeded generator, so two runs send the same mix. */
let seed = 0x5eed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pickOne = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

let startedAt = Date.now();

// ---------- instances ----------

interface Life {
  pid: number;
  startedAt: number;
  /** RSS when it first answered, after the warm-up (A), and the last sample before it ended. */
  rssReady: number | null;
  rssWarm: number | null;
  rssLast: number | null;
  rssMax: number;
  killed: boolean;
  endedAt: number | null;
}

interface Instance {
  name: 'A' | 'B';
  port: number;
  url: string;
  process: AppProcess | null;
  up: boolean;
  lastKillAt: number;
  lives: Life[];
  restartMs: number[];
}

const errorLines: { instance: string; message: string }[] = [];
let warnLines = 0;
const warnMessages = new Map<string, number>();
const unexpectedExits: string[] = [];

interface LogEntry {
  level?: number;
  msg?: string;
  err?: { message?: string };
}
const parseLogLine = (line: string): LogEntry | null => {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed && typeof parsed === 'object' ? (parsed as LogEntry) : null;
  } catch {
    return null;
  }
};

function onServerLine(instance: Instance, line: string) {
  const entry = parseLogLine(line);
  if (!entry || typeof entry.level !== 'number') {
    if (line.trim()) errorLines.push({ instance: instance.name, message: line.slice(0, 300) });
    return;
  }
  if (entry.level >= 50) {
    errorLines.push({
      instance: instance.name,
      message: `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 300),
    });
  } else if (entry.level >= 40) {
    warnLines += 1;
    const key = (entry.msg ?? '').slice(0, 120);
    warnMessages.set(key, (warnMessages.get(key) ?? 0) + 1);
  }
}

let serverEnv: Record<string, string> = {};
let stopping = false;
let streaming = true;
let kills = 0;

async function start(instance: Instance) {
  const began = Date.now();
  const started = await startAppProcess({
    port: instance.port,
    env: serverEnv,
    onLine: (line) => onServerLine(instance, line),
  });
  const life: Life = {
    pid: started.pid,
    startedAt: Date.now(),
    rssReady: residentBytes(started.pid),
    rssWarm: null,
    rssLast: null,
    rssMax: 0,
    killed: false,
    endedAt: null,
  };
  life.rssLast = life.rssReady;
  life.rssMax = life.rssReady ?? 0;
  instance.lives.push(life);
  instance.process = started;
  void started.exited.then(({ code, signal }) => {
    if (!life.killed && !stopping)
      unexpectedExits.push(
        `${instance.name} (pid ${life.pid}) exited by itself: code ${code}, signal ${signal}`,
      );
  });
  instance.up = true;
  return Date.now() - began;
}

async function killAndRestart(instance: Instance) {
  const life = instance.lives.at(-1)!;
  const running = instance.process!;
  life.rssLast = residentBytes(running.pid) ?? life.rssLast;
  life.killed = true;
  instance.lastKillAt = Date.now();
  life.endedAt = instance.lastKillAt;
  running.child.kill('SIGKILL');
  // Requests already on their way to it are cut; new ones go to the other instance until it is back.
  instance.up = false;
  kills += 1;
  log(
    `killed ${instance.name} (pid ${life.pid}) with SIGKILL after ${((Date.now() - life.startedAt) / 1000).toFixed(1)} s`,
  );
  await running.exited;
  const took = await start(instance);
  instance.restartMs.push(took);
  log(
    `restarted ${instance.name} as pid ${instance.process!.pid}: answering ${(took / 1000).toFixed(1)} s after the kill`,
  );
}

function sampleMemory(instances: Instance[], warm: boolean) {
  for (const instance of instances) {
    const life = instance.lives.at(-1);
    if (!instance.up || !life || !instance.process) continue;
    const rss = residentBytes(instance.process.pid);
    if (rss === null) continue;
    life.rssLast = rss;
    life.rssMax = Math.max(life.rssMax, rss);
    if (warm && life.rssWarm === null) life.rssWarm = rss;
  }
}

// ---------- HTTP with outcomes counted ----------

const http = {
  requests: 0,
  status5xx: 0,
  statusOther: new Map<number, number>(),
  cutByKill: 0,
  /** Connection errors and timeouts with no kill to explain them. */
  otherErrors: 0,
  otherErrorMessages: new Map<string, number>(),
  fiveHundreds: new Map<string, number>(),
};

let instances: Instance[] = [];
let turn = 0;
/** The next instance that is up, in turn (a balancer's round robin). */
function pickInstance(): Instance {
  for (let i = 0; i < instances.length; i += 1) {
    const instance = instances[turn++ % instances.length]!;
    if (instance.up) return instance;
  }
  return instances[0]!;
}

/** A connection error on an instance that is down or was killed a moment ago was cut by the kill. */
function countFailure(instance: Instance, error: unknown) {
  if (!instance.up || Date.now() - instance.lastKillAt < 3000) {
    http.cutByKill += 1;
    return;
  }
  http.otherErrors += 1;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const key = `${instance.name}: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
  http.otherErrorMessages.set(key, (http.otherErrorMessages.get(key) ?? 0) + 1);
}

/** One request; the response is read to the end. Null when the connection failed. */
async function request(
  instance: Instance,
  path: string,
  init: RequestInit,
  label: string,
): Promise<{ status: number; body: string } | null> {
  http.requests += 1;
  try {
    const response = await fetch(`${instance.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = await response.text();
    if (response.status >= 500) {
      http.status5xx += 1;
      const key = `${label} ${response.status} (${instance.name}): ${body.slice(0, 120)}`;
      http.fiveHundreds.set(key, (http.fiveHundreds.get(key) ?? 0) + 1);
    } else if (response.status !== 200 && response.status !== 201) {
      http.statusOther.set(response.status, (http.statusOther.get(response.status) ?? 0) + 1);
    }
    return { status: response.status, body };
  } catch (error) {
    countFailure(instance, error);
    return null;
  }
}

let undelivered = 0;
/**
 * Delivers one webhook until an instance answers 200, as Meta and the stores retry: a cut connection or a 5xx
 * is tried again on the next instance that is up. The body is the same every time, so a retry is a replay.
 */
async function deliver(path: string, body: string, headers: Record<string, string>, label: string) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const instance = pickInstance();
    const answer = await request(instance, path, { method: 'POST', headers, body }, label);
    if (answer?.status === 200) return true;
    if (answer && answer.status < 500) {
      log(`${label} refused with ${answer.status}: ${answer.body.slice(0, 200)}`);
      break;
    }
    await sleep(Math.min(3000, 250 * (attempt + 1)));
  }
  undelivered += 1;
  return false;
}

// ---------- open-loop load ----------

const inFlight = new Set<Promise<unknown>>();
const track = (promise: Promise<unknown>) => {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise));
};

/** Calls `fire` `rate` times a second until `until`, whatever the answers take (open loop, like real traffic). */
async function atRate(rate: number, until: number, fire: () => Promise<unknown>) {
  if (rate <= 0) return;
  const began = Date.now();
  let fired = 0;
  while (Date.now() < until) {
    const due = Math.floor(((Date.now() - began) / 1000) * rate);
    for (; fired < due; fired += 1)
      track(fire().catch((error: unknown) => log(`load error: ${String(error)}`)));
    await sleep(20);
  }
}

// ---------- the run ----------

async function main() {
  startedAt = Date.now();
  const database = await createThrowawayDatabase(POSTGRES_URL, 'voicecart_soak');
  let handle: DatabaseHandle | undefined;
  const graph = await startFakeInstagramGraph();
  const shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(30) });
  const wooData = makeWooProducts(30);
  const woo = await startFakeWooCommerce(wooData);
  instances = [];
  let exitCode = 1;
  let killerDone: Promise<void> = Promise.resolve();
  try {
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    await migrateDatabase(handle);
    serverEnv = {
      DATABASE_URL: database.url,
      // Both instances seal and open the same store credentials and tokens.
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
      INSTAGRAM_APP_SECRET: APP_SECRET,
      INSTAGRAM_VERIFY_TOKEN: 'soak-verify',
      INSTAGRAM_APP_ID: 'soak-app',
      INSTAGRAM_API_URL: graph.url,
      INSTAGRAM_OAUTH_AUTHORIZE_URL: graph.authorizeUrl,
      INSTAGRAM_OAUTH_TOKEN_URL: graph.tokenUrl,
      SHOPIFY_API_SECRET: SHOPIFY_SECRET,
      ALLOW_LOOPBACK_STORES: 'true',
      // A killed process's jobs come back when they expire and maintenance sees it, and a reply the kill cut
      // mid-send is settled by the send reconciler (decision 023): quicker than production here, so what a kill
      // interrupts is answered within the run. Each can be set to the production default through the environment.
      JOB_POLL_SECONDS: process.env.JOB_POLL_SECONDS ?? '1',
      JOB_EXPIRE_SECONDS: process.env.JOB_EXPIRE_SECONDS ?? '30',
      JOB_MAINTENANCE_SECONDS: process.env.JOB_MAINTENANCE_SECONDS ?? '5',
      SEND_RECONCILE_AFTER_SECONDS: process.env.SEND_RECONCILE_AFTER_SECONDS ?? '15',
      SEND_RECONCILE_EVERY_SECONDS: process.env.SEND_RECONCILE_EVERY_SECONDS ?? '5',
    };
    const ports = await freePorts(2);
    for (const [index, name] of (['A', 'B'] as const).entries()) {
      const port = ports[index]!;
      instances.push({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        process: null,
        up: false,
        lastKillAt: 0,
        lives: [],
        restartMs: [],
      });
    }
    const startMs = await Promise.all(instances.map(start));
    log(`instances A and B up (${startMs.join(' ms, ')} ms) on one PostgreSQL database, workers on`);

    // ---- one owner, three brands: the sample store, Shopify, WooCommerce; an Instagram account each ----
    const db = handle.db;
    const [owner] = await db
      .insert(users)
      .values({ email: `soak-${RUN}@example.com`, verified: true })
      .returning();
    const cookie = `${SESSION_COOKIE}=${await createSession(db, owner!.id)}`;
    const json = { cookie, 'content-type': 'application/json' };
    const setUp = async (path: string, method: string, body: unknown) => {
      const answer = await request(
        instances[0]!,
        path,
        { method, headers: json, body: JSON.stringify(body) },
        'setup',
      );
      if (!answer || answer.status >= 300)
        throw new Error(`${method} ${path} answered ${answer?.status}: ${answer?.body}`);
      return JSON.parse(answer.body) as Record<string, unknown>;
    };
    const brandSpecs = [
      { key: 'sample', store: { platform: 'sample' } },
      {
        key: 'shopify',
        store: { platform: 'shopify', shopDomain: shopify.shopDomain, accessToken: shopify.accessToken },
      },
      {
        key: 'woo',
        store: {
          platform: 'woocommerce',
          storeUrl: woo.url,
          consumerKey: woo.consumerKey,
          consumerSecret: woo.consumerSecret,
        },
      },
    ] as const;
    const brandsByKey = new Map<string, { brandId: string; accountId: string; connectionId: string }>();
    for (const [index, spec] of brandSpecs.entries()) {
      const [brand] = await db
        .insert(brands)
        .values({ userId: owner!.id, name: `Soak ${spec.key}`, username: `soak${spec.key}` })
        .returning();
      const account = graph.addAccount({
        accountId: `17841400${String(startedAt).slice(-6)}${index}`,
        username: `soak${spec.key}`,
      });
      await setUp(`/api/brands/${brand!.id}/instagram`, 'PUT', {
        accountId: account.accountId,
        accessToken: account.token,
      });
      const store = await setUp(`/api/brands/${brand!.id}/store`, 'PUT', spec.store);
      brandsByKey.set(spec.key, {
        brandId: brand!.id,
        accountId: account.accountId,
        connectionId: String(store.id),
      });
    }
    const sampleBrand = brandsByKey.get('sample')!;
    await setUp(`/api/brands/${sampleBrand.brandId}/automation-rules`, 'POST', {
      name: 'Fire comments',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
      actionConfig: { type: 'private_reply_product_link', publicReply: 'Check your DMs!' },
    });
    // The first syncs of both stores (catalog-sync jobs) finish before the load starts.
    for (const key of ['shopify', 'woo']) {
      const { connectionId } = brandsByKey.get(key)!;
      const until = Date.now() + 60_000;
      for (;;) {
        const { rows } = await handle.executeSql(
          `select count(*)::int as n from catalog_products where connection_id = $1`,
          [connectionId],
        );
        if ((rows[0]!.n as number) >= 30) break;
        if (Date.now() > until) throw new Error(`the ${key} store did not sync in 60 s`);
        await sleep(250);
      }
    }
    const wooSecret = woo.webhooks.find((webhook) => webhook.topic === 'product.updated')?.secret;
    if (!wooSecret) throw new Error('WooCommerce product webhooks were not registered');
    log('three brands connected (sample store, Shopify, WooCommerce), stores synced, comment rule set');

    // ---- what buyers write ----
    const shopifyTitles = shopify.products.map((product) => product.title.toLowerCase());
    const wooSimple = wooData.products.filter((product) => product.type === 'simple');
    const wooVariable = wooData.products.filter((product) => product.type === 'variable');
    const firstMessages: Record<string, () => string> = {
      sample: () =>
        pickOne([
          'is the clear brow gel available?',
          'how much is the rose water face mist?',
          'classic pullover hoodie M black in stock?',
          'hi! is the hyaluronic serum in 50ml in stock?',
          'do you have the daily barrier moisturizer in 100 ml?',
        ]),
      shopify: () => `is the ${pickOne(shopifyTitles)} in M black in stock?`,
      woo: () =>
        random() < 0.5
          ? `do you have ${pickOne(wooSimple).name.toLowerCase()}?`
          : `is the ${pickOne(wooVariable).name.toLowerCase()} in size M available?`,
    };
    const followUps: Record<string, () => string> = {
      sample: () =>
        pickOne(['and the rose water face mist?', 'what about the clear brow gel?', 'and in size L?']),
      shopify: () => `and the ${pickOne(shopifyTitles)} in S black?`,
      woo: () => `and ${pickOne(wooSimple).name.toLowerCase()}?`,
    };

    // ---- Instagram: DMs with follow-ups, 🔥 comments ----
    const dmSentAt = new Map<string, number>(); // mid -> first delivery attempt (ms since the epoch)
    const dmBuyer = new Map<string, string>(); // mid -> igsid
    const commentsSent: string[] = [];
    let igSent = 0;
    let midSeq = 0;
    let buyerSeq = 0;
    const pendingFollowUps: { due: number; igsid: string; brand: string }[] = [];
    const postInstagram = (payload: unknown) => {
      const body = JSON.stringify(payload);
      return deliver(
        '/api/webhooks/instagram',
        body,
        { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(APP_SECRET, body) },
        'instagram webhook',
      );
    };
    const sendDm = async (igsid: string, brandKey: string, text: string) => {
      const { accountId } = brandsByKey.get(brandKey)!;
      midSeq += 1;
      const mid = `mid.soak.${RUN}.${midSeq}`;
      dmSentAt.set(mid, Date.now());
      dmBuyer.set(mid, igsid);
      const delivered = await postInstagram({
        object: 'instagram',
        entry: [
          {
            id: accountId,
            time: Date.now(),
            messaging: [
              {
                sender: { id: igsid },
                recipient: { id: accountId },
                timestamp: Date.now(),
                message: { mid, text },
              },
            ],
          },
        ],
      });
      if (delivered) igSent += 1;
      else dmSentAt.delete(mid);
    };
    const nextDm = () => {
      const now = Date.now();
      const due = pendingFollowUps.findIndex((followUp) => followUp.due <= now);
      if (due >= 0) {
        const [followUp] = pendingFollowUps.splice(due, 1);
        return sendDm(followUp!.igsid, followUp!.brand, followUps[followUp!.brand]!());
      }
      buyerSeq += 1;
      const igsid = `soak-${RUN}-buyer-${buyerSeq}`;
      const roll = random();
      const brand = roll < 0.5 ? 'sample' : roll < 0.75 ? 'shopify' : 'woo';
      // About a third of buyers write again, a few seconds apart; some of them a third time.
      const more = random();
      if (more < 0.35) pendingFollowUps.push({ due: now + 3000, igsid, brand });
      if (more < 0.15) pendingFollowUps.push({ due: now + 7000, igsid, brand });
      return sendDm(igsid, brand, firstMessages[brand]!());
    };
    let commentSeq = 0;
    const nextComment = async () => {
      commentSeq += 1;
      const commentId = `soak-${RUN}-comment-${commentSeq}`;
      const igsid = `soak-${RUN}-commenter-${commentSeq}`;
      graph.addComment({ accountId: sampleBrand.accountId, commentId, fromId: igsid, username: igsid });
      const delivered = await postInstagram({
        object: 'instagram',
        entry: [
          {
            id: sampleBrand.accountId,
            time: Math.floor(Date.now() / 1000),
            changes: [
              {
                field: 'comments',
                value: {
                  id: commentId,
                  text: 'need this 🔥 how much is the rose water face mist?',
                  from: { id: igsid, username: igsid },
                  media: { id: `soak-post-${RUN}`, media_product_type: 'REELS' },
                },
              },
            ],
          },
        ],
      });
      if (delivered) {
        igSent += 1;
        commentsSent.push(commentId);
      }
    };

    // ---- store product webhooks ----
    const storeSent = { shopify: 0, woo: 0 };
    let storeSeq = 0;
    const shopifyRestProduct = (product: FakeShopifyProduct) => ({
      id: Number(product.id.split('/').pop()),
      admin_graphql_api_id: product.id,
      title: product.title,
      handle: product.handle,
      body_html: product.description,
      product_type: product.productType,
      vendor: product.vendor,
      tags: product.tags.join(', '),
      status: 'active',
      updated_at: new Date().toISOString(),
      options: product.options,
      variants: product.variants.map((variant) => ({
        id: Number(variant.id.split('/').pop()),
        admin_graphql_api_id: variant.id,
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        inventory_quantity: Math.floor(random() * 12),
        inventory_policy: 'deny',
        inventory_management: 'shopify',
        option1: variant.selectedOptions[0]?.value ?? null,
        option2: variant.selectedOptions[1]?.value ?? null,
      })),
    });
    const nextShopifyWebhook = async () => {
      storeSeq += 1;
      const body = JSON.stringify(shopifyRestProduct(pickOne(shopify.products)));
      const delivered = await deliver(
        '/api/webhooks/shopify',
        body,
        {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'),
          'x-shopify-topic': 'products/update',
          'x-shopify-shop-domain': shopify.shopDomain,
          'x-shopify-api-version': '2026-10',
          'x-shopify-event-id': `soak-${RUN}-shopify-${storeSeq}`,
          'x-shopify-webhook-id': `soak-${RUN}-shopify-webhook-${storeSeq}`,
          'x-shopify-triggered-at': new Date().toISOString(),
        },
        'shopify webhook',
      );
      if (delivered) storeSent.shopify += 1;
    };
    const wooConnection = brandsByKey.get('woo')!.connectionId;
    const nextWooWebhook = async () => {
      storeSeq += 1;
      const product = pickOne(wooSimple);
      const body = JSON.stringify({
        ...product,
        stock_quantity: Math.floor(random() * 12),
        date_modified_gmt: new Date().toISOString().slice(0, 19),
      });
      const delivered = await deliver(
        `/api/webhooks/woocommerce/${wooConnection}`,
        body,
        {
          'content-type': 'application/json',
          'x-wc-webhook-topic': 'product.updated',
          'x-wc-webhook-signature': signWooWebhook(Buffer.from(body), wooSecret),
          'x-wc-webhook-id': '100',
          'x-wc-webhook-delivery-id': `soak-${RUN}-woo-${storeSeq}`,
        },
        'woocommerce webhook',
      );
      if (delivered) storeSent.woo += 1;
    };

    // ---- dashboard reads ----
    const knownConversations: string[] = [];
    const brandIds = [...brandsByKey.values()].map((brand) => brand.brandId);
    let reads = 0;
    const nextRead = async () => {
      const instance = pickInstance();
      reads += 1;
      if (knownConversations.length > 0 && random() < 0.5) {
        const id = pickOne(knownConversations);
        await request(
          instance,
          `/api/conversations/${id}/messages`,
          { headers: { cookie } },
          'messages read',
        );
        return;
      }
      const answer = await request(
        instance,
        `/api/brands/${pickOne(brandIds)}/conversations`,
        { headers: { cookie } },
        'conversation list read',
      );
      if (answer?.status === 200) {
        const rows = JSON.parse(answer.body) as { id: string }[];
        for (const row of rows.slice(0, 5)) {
          if (!knownConversations.includes(row.id)) knownConversations.push(row.id);
        }
        if (knownConversations.length > 500) knownConversations.splice(0, knownConversations.length - 500);
      }
    };

    // ---- live-event stream clients (they reconnect with Last-Event-ID, as EventSource does) ----
    const streams = { connects: 0, events: 0, cut: 0 };
    const streamClient = async () => {
      let lastEventId: string | undefined;
      while (streaming) {
        const instance = pickInstance();
        const controller = new AbortController();
        const stop = setInterval(() => {
          if (!streaming) controller.abort();
        }, 200);
        try {
          http.requests += 1;
          const response = await fetch(`${instance.url}/api/events`, {
            headers: {
              cookie,
              accept: 'text/event-stream',
              ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            },
            signal: controller.signal,
          });
          if (response.status >= 500) {
            http.status5xx += 1;
            http.fiveHundreds.set(
              `live events ${response.status}`,
              (http.fiveHundreds.get(`live events ${response.status}`) ?? 0) + 1,
            );
          }
          if (response.status !== 200 || !response.body) {
            await response.body?.cancel();
            await sleep(1000);
            continue;
          }
          streams.connects += 1;
          const decoder = new TextDecoder();
          let buffer = '';
          const reader = response.body.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            buffer += decoder.decode(chunk.value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const id = /^id: (\d+)$/m.exec(frame)?.[1];
              if (id) lastEventId = id;
              if (/^event: /m.test(frame)) streams.events += 1;
            }
          }
          // The server ended the stream (it shuts down only at the end): reconnect.
        } catch (error) {
          if (!streaming) break;
          streams.cut += 1;
          countFailure(instance, error);
          await sleep(1000);
        } finally {
          clearInterval(stop);
        }
      }
    };

    // ---- the load, with kills ----
    const loadStarted = Date.now();
    const loadEnds = loadStarted + SECONDS * 1000;
    log(
      `load for ${SECONDS} s: ${DM_RATE} DMs/s, ${COMMENT_RATE} comments/s, ${STORE_WEBHOOK_RATE} product webhooks/s per store, ` +
        `${READ_RATE} reads/s, ${STREAM_CLIENTS} live-event clients; B killed every ${KILL_EVERY} s`,
    );
    const streamClients = Array.from({ length: STREAM_CLIENTS }, () => streamClient());
    const memory = setInterval(
      () => sampleMemory(instances, Date.now() - loadStarted >= WARMUP_SECONDS * 1000),
      2000,
    );
    // A restart still under way when the load ends goes on while the answers drain (A answers meanwhile).
    const killer = (async () => {
      if (KILL_EVERY <= 0) return;
      for (let next = loadStarted + KILL_EVERY * 1000; next < loadEnds; next += KILL_EVERY * 1000) {
        // A restart slower than the period (a loaded machine) delays the next kill: B serves a while first.
        const b = instances[1]!;
        const servingSince = b.lives.at(-1)!.startedAt;
        await sleep(Math.max(next - Date.now(), servingSince + MIN_SERVING_MS - Date.now(), 0));
        if (Date.now() >= loadEnds || stopping) break;
        sampleMemory(instances, Date.now() - loadStarted >= WARMUP_SECONDS * 1000);
        await killAndRestart(instances[1]!);
      }
    })();
    killerDone = killer.catch((error: unknown) => {
      unexpectedExits.push(`B could not be restarted: ${String(error)}`);
    });
    const progress = setInterval(
      () =>
        log(
          `sent ${dmSentAt.size} DMs, ${commentsSent.length} comments, ${storeSent.shopify + storeSent.woo} product webhooks, ${reads} reads; ` +
            `Graph sends ${graph.sentMessages().length}; 5xx ${http.status5xx}, cut by kills ${http.cutByKill}, other errors ${http.otherErrors}`,
        ),
      Math.max(10_000, (SECONDS * 1000) / 10),
    );
    await Promise.all([
      atRate(DM_RATE, loadEnds, nextDm),
      atRate(COMMENT_RATE, loadEnds, nextComment),
      atRate(STORE_WEBHOOK_RATE, loadEnds, nextShopifyWebhook),
      atRate(STORE_WEBHOOK_RATE, loadEnds, nextWooWebhook),
      atRate(READ_RATE, loadEnds, nextRead),
    ]);
    clearInterval(progress);
    // Deliveries still being retried finish (each gives up after its tries).
    while (inFlight.size > 0) await Promise.race([...inFlight]);
    sampleMemory(instances, true);
    const rssAtLoadEnd = instances.map((instance) => instance.lives.at(-1)!.rssLast);
    log(
      `load over: ${dmSentAt.size} DMs and ${commentsSent.length} comments acknowledged; waiting for answers`,
    );

    // ---- drain: every DM and comment answered, every send settled ----
    const attribution = async () => {
      // Our send rows for each buyer message: the Graph id of each part that went out.
      const { rows } = await handle!.executeSql(
        `select m.instagram_message_id as mid, s.part, s.part_count, s.status, s.graph_id
           from messages m
           join instagram_sends s on s.idempotency_key = 'assistant:message:' || m.id::text
          where m.sender = 'customer' and m.instagram_message_id like $1`,
        [`mid.soak.${RUN}.%`],
      );
      const directMessages = judgeDirectMessages({
        sentAt: dmSentAt,
        replyParts: rows.map((row) => ({
          mid: String(row.mid),
          part: Number(row.part),
          partCount: Number(row.part_count),
          graphId: row.graph_id === null ? null : String(row.graph_id),
        })),
        graphSends: graph.sentMessages(),
        isBuyer: (recipient) => recipient.startsWith(`soak-${RUN}-buyer-`),
      });
      const ours = (commentId: string | undefined): commentId is string =>
        Boolean(commentId?.startsWith(`soak-${RUN}-comment-`));
      const comments = judgeComments({
        commentIds: commentsSent,
        privateReplyTo: graph
          .sentMessages()
          .map((sent) => sent.recipient.comment_id)
          .filter(ours),
        publicReplyTo: graph
          .publicReplies()
          .map((reply) => reply.commentId)
          .filter(ours),
      });
      const { rows: unsettled } = await handle!.executeSql(
        `select (select count(*)::int from instagram_sends where status in ('queued', 'unknown')) as sends,
                (select count(*)::int from instagram_events where processed_at is null) as events`,
      );
      return {
        ...directMessages,
        commentsLost: comments.lost,
        commentsDuplicated: comments.duplicated,
        unsettledSends: unsettled[0]!.sends as number,
        pendingEvents: unsettled[0]!.events as number,
      };
    };
    const drainStarted = Date.now();
    let state = await attribution();
    while (
      (state.lost > 0 || state.commentsLost > 0 || state.unsettledSends > 0 || state.pendingEvents > 0) &&
      Date.now() - drainStarted < DRAIN_SECONDS * 1000
    ) {
      await sleep(2000);
      state = await attribution();
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    // Nothing more goes out once everything is settled: a late duplicate would show here.
    await sleep(3000);
    state = await attribution();
    log(`answers drained ${drainSeconds.toFixed(1)} s after the load`);
    await killerDone;

    // ---- stored = sent ----
    const count = async (text: string, params: unknown[] = []) =>
      (await handle!.executeSql(`select count(*)::int as n from (${text}) q`, params)).rows[0]!.n as number;
    const shopifyStored = await count(`select 1 from catalog_webhook_events where connection_id = $1`, [
      brandsByKey.get('shopify')!.connectionId,
    ]);
    const wooStored = await count(`select 1 from catalog_webhook_events where connection_id = $1`, [
      wooConnection,
    ]);
    const igStored = await count(`select 1 from instagram_events`);
    const messagesStored = await count(
      `select 1 from messages where sender = 'customer' and instagram_message_id like $1`,
      [`mid.soak.${RUN}.%`],
    );
    const escalated = await count(`select 1 from conversations where status = 'escalated'`);

    streaming = false;
    clearInterval(memory);
    await within(Promise.all(streamClients), 5000);

    // ---- report ----
    const sorted = [...state.latencies].sort((a, b) => a - b);
    const p = (q: number) => Math.round(percentile(sorted, q));
    const storedOk =
      shopifyStored === storeSent.shopify &&
      wooStored === storeSent.woo &&
      igStored === igSent &&
      messagesStored === dmSentAt.size;
    console.log('');
    console.log(
      `Soak: ${SECONDS} s, 2 instances on PostgreSQL, B killed ${kills} times (every ${KILL_EVERY} s), restart took ` +
        `${instances[1]!.restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ') || 'n/a'}`,
    );
    console.log(
      `DMs: ${dmSentAt.size} sent (${buyerSeq} buyers), answered exactly once: lost ${state.lost}, duplicated ${state.duplicated}` +
        ` (sends not traceable to a buyer message: ${state.unattributed}); escalated conversations ${escalated}`,
    );
    console.log(
      `🔥 comments: ${commentsSent.length} sent, private and public reply each once: lost ${state.commentsLost}, duplicated ${state.commentsDuplicated}`,
    );
    console.log(
      `Reply latency (webhook sent -> reply at Graph), ${sorted.length} replies: p50 ${p(50)} ms, p95 ${p(95)} ms, p99 ${p(99)} ms, max ${p(100)} ms`,
    );
    console.log(
      `Webhooks stored = sent: Shopify ${shopifyStored}/${storeSent.shopify}, WooCommerce ${wooStored}/${storeSent.woo}, ` +
        `Instagram events ${igStored}/${igSent}, buyer messages ${messagesStored}/${dmSentAt.size}: ${storedOk ? 'yes' : 'NO'}` +
        (undelivered ? `; ${undelivered} deliveries given up after 40 tries` : ''),
    );
    console.log(
      `HTTP: ${http.requests} requests, 5xx ${http.status5xx}, connections cut by the kills ${http.cutByKill}, ` +
        `other connection errors or timeouts ${http.otherErrors}, other statuses ${JSON.stringify(Object.fromEntries(http.statusOther))}`,
    );
    for (const [key, n] of http.fiveHundreds) console.log(`  5xx: ${n} × ${key}`);
    for (const [key, n] of http.otherErrorMessages) console.log(`  error: ${n} × ${key}`);
    console.log(
      `Live-event streams: ${STREAM_CLIENTS} clients, ${streams.connects} connections, ${streams.events} events, ${streams.cut} cut`,
    );
    const a = instances[0]!.lives[0]!;
    const memoryGrowth = (rssAtLoadEnd[0] ?? 0) - (a.rssWarm ?? a.rssReady ?? 0);
    console.log(
      `Memory (RSS), A (never killed): ready ${mb(a.rssReady)}, after ${WARMUP_SECONDS} s warm-up ${mb(a.rssWarm)}, ` +
        `end ${mb(rssAtLoadEnd[0])}, max ${mb(a.rssMax)}: growth after warm-up ${mb(memoryGrowth)} (target < ${MEMORY_TARGET_MB} MB)`,
    );
    for (const [index, life] of instances[1]!.lives.entries()) {
      console.log(
        `Memory (RSS), B life ${index + 1} (pid ${life.pid}, ${(((life.endedAt ?? Date.now()) - life.startedAt) / 1000) | 0} s` +
          `${life.killed ? ', killed' : ''}): start ${mb(life.rssReady)}, end ${mb(life.rssLast)}, max ${mb(life.rssMax)}`,
      );
    }
    const errorCounts = new Map<string, number>();
    for (const line of errorLines) {
      const key = `${line.instance}: ${line.message}`;
      errorCounts.set(key, (errorCounts.get(key) ?? 0) + 1);
    }
    console.log(`Error log lines (the kills write none): ${errorLines.length}; warnings ${warnLines}`);
    for (const [key, n] of [...errorCounts].slice(0, 10)) console.log(`  error: ${n} × ${key}`);
    for (const [key, n] of [...warnMessages].sort((x, y) => y[1] - x[1]).slice(0, 5))
      console.log(`  warn: ${n} × ${key}`);
    for (const exit of unexpectedExits) console.log(`  ${exit}`);

    const memoryOk = memoryGrowth < MEMORY_TARGET_MB * 2 ** 20;
    const targets = {
      exactlyOnce:
        state.lost === 0 &&
        state.duplicated === 0 &&
        state.commentsLost === 0 &&
        state.commentsDuplicated === 0,
      storedEqualsSent: storedOk && undelivered === 0,
      no5xx: http.status5xx === 0 && http.otherErrors === 0,
      noUnexpectedExits: unexpectedExits.length === 0,
      memory: memoryOk,
    };
    const missed = Object.entries(targets)
      .filter(([name, met]) => !met && (name !== 'memory' || ASSERT_MEMORY))
      .map(([name]) => name);
    console.log(
      `Targets: ${Object.entries(targets)
        .map(([name, met]) => `${name} ${met ? 'met' : 'NOT met'}`)
        .join(', ')}${ASSERT_MEMORY ? '' : ' (memory reported, not asserted, on runs under 300 s)'}`,
    );
    exitCode = missed.length === 0 ? 0 : 1;
    console.log(
      `SOAK_RESULT ${JSON.stringify({
        seconds: SECONDS,
        kills,
        dms: dmSentAt.size,
        lost: state.lost,
        duplicated: state.duplicated,
        comments: commentsSent.length,
        commentsLost: state.commentsLost,
        commentsDuplicated: state.commentsDuplicated,
        replyMs: { p50: p(50), p95: p(95), p99: p(99) },
        stored: { shopify: shopifyStored, woo: wooStored, instagram: igStored, messages: messagesStored },
        sent: { shopify: storeSent.shopify, woo: storeSent.woo, instagram: igSent, messages: dmSentAt.size },
        undelivered,
        http5xx: http.status5xx,
        cutByKill: http.cutByKill,
        otherErrors: http.otherErrors,
        errorLogLines: errorLines.length,
        memoryGrowthMb: Math.round(memoryGrowth / 2 ** 20),
        unexpectedExits: unexpectedExits.length,
        missed,
      })}`,
    );
  } finally {
    stopping = true;
    streaming = false;
    // A restart under way finishes first, so no server process outlives the run.
    await within(killerDone, 60_000);
    await Promise.all(
      instances.map(async (instance) => {
        if (!instance.process) return;
        instance.process.child.kill('SIGTERM');
        const ended = await within(instance.process.exited, 15_000);
        if (!ended) instance.process.child.kill('SIGKILL');
      }),
    );
    await handle?.close();
    await Promise.all([graph.close(), shopify.close(), woo.close()]);
    await database.drop();
  }
  return exitCode;
}

process.exitCode = await main();
