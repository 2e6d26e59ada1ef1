import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { brands } from '#server/db/schema/index.ts';
import { createInstagramGraphClient } from '#server/integrations/instagram/graph-client.ts';
import {
  signWebhookBody,
  startFakeInstagramGraph,
  type FakeAccount,
  type FakeInstagramGraph,
} from '#tests/fakes/instagram-graph.ts';
import { createTestApp, createTestUser, signInAs, type TestApp } from './test-app.ts';

export const appSecret = 'test-instagram-app-secret';
export const verifyToken = 'test-verify-token';

export interface InstagramHarness {
  app: TestApp;
  fake: FakeInstagramGraph;
  close(): Promise<void>;
}

/** The real app with the Instagram channel pointed at the fake Graph server (short timeouts and retry pauses). */
export async function createInstagramHarness(
  options: {
    workers?: boolean;
    env?: Record<string, string>;
    logStream?: DestinationStream;
    timeoutMs?: number;
  } = {},
): Promise<InstagramHarness> {
  const fake = await startFakeInstagramGraph();
  const env = {
    INSTAGRAM_APP_SECRET: appSecret,
    INSTAGRAM_VERIFY_TOKEN: verifyToken,
    INSTAGRAM_APP_ID: 'test-app-id',
    INSTAGRAM_API_URL: fake.url,
    INSTAGRAM_OAUTH_AUTHORIZE_URL: fake.authorizeUrl,
    INSTAGRAM_OAUTH_TOKEN_URL: fake.tokenUrl,
    ...options.env,
  };
  const graph = createInstagramGraphClient({
    apiUrl: fake.url,
    apiVersion: 'v25.0',
    appId: env.INSTAGRAM_APP_ID,
    appSecret: env.INSTAGRAM_APP_SECRET,
    authorizeUrl: fake.authorizeUrl,
    tokenUrl: fake.tokenUrl,
    timeoutMs: options.timeoutMs ?? 400,
  });
  const app = await createTestApp({
    env,
    workers: options.workers ?? false,
    channel: { graph, retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 } },
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}

let accountCounter = 0;

/** A verified user with a brand whose Instagram account is connected (through the real PUT endpoint). */
export async function createConnectedBrand(
  harness: InstagramHarness,
  fields: { active?: boolean } = {},
): Promise<{ userId: string; cookie: string; brandId: string; account: FakeAccount }> {
  const { app, fake } = harness;
  accountCounter += 1;
  const user = await createTestUser(app.database.db);
  const [brand] = await app.database.db
    .insert(brands)
    .values({
      userId: user.id,
      name: `Brand ${accountCounter}`,
      username: `brand${accountCounter}`,
      active: fields.active ?? true,
    })
    .returning();
  const account = fake.addAccount({
    accountId: `178414000000${String(accountCounter).padStart(5, '0')}${Date.now() % 1000}`,
    username: `brand${accountCounter}`,
  });
  const { cookie } = await signInAs(app.database.db, user.id);
  const response = await app.app.inject({
    method: 'PUT',
    url: `/api/brands/${brand!.id}/instagram`,
    headers: { cookie },
    payload: { accountId: account.accountId, accessToken: account.token },
  });
  if (response.statusCode !== 200) throw new Error(`connect failed: ${response.statusCode} ${response.body}`);
  return { userId: user.id, cookie, brandId: brand!.id, account };
}

export type ConnectedBrand = Awaited<ReturnType<typeof createConnectedBrand>>;

/**
 * The harness and one connected brand, made before the file's tests and closed after them: where a channel test
 * file starts. Read `harness` and `brand` inside tests and hooks (they are set once `beforeAll` has run).
 */
export function useConnectedBrand(options: Parameters<typeof createInstagramHarness>[0] = {}) {
  const setup = {} as { harness: InstagramHarness; brand: ConnectedBrand };
  beforeAll(async () => {
    setup.harness = await createInstagramHarness(options);
    setup.brand = await createConnectedBrand(setup.harness);
  });
  afterAll(async () => {
    await setup.harness?.close();
  });
  return setup;
}

/** Posts a webhook body signed with the app secret (or the given signature) through the app. */
export async function postWebhook(app: TestApp, payload: unknown, signature?: string | null) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? signWebhookBody(appSecret, body) : signature;
  if (sig !== null) headers['x-hub-signature-256'] = sig;
  return app.app.inject({ method: 'POST', url: '/api/webhooks/instagram', headers, payload: body });
}

let midCounter = 0;
export const nextMid = () => `mid.test.${++midCounter}.${Date.now()}`;

export function messagingPayload(accountId: string, items: Record<string, unknown>[]) {
  return { object: 'instagram', entry: [{ id: accountId, time: Date.now(), messaging: items }] };
}

export function customerMessage(
  accountId: string,
  igsid: string,
  message: Record<string, unknown>,
  timestamp = Date.now(),
): Record<string, unknown> {
  return {
    sender: { id: igsid },
    recipient: { id: accountId },
    timestamp,
    message: { mid: nextMid(), ...message },
  };
}

/** One message of a customer to the account, as Instagram's webhook delivers it alone. */
export function customerDm(
  accountId: string,
  igsid: string,
  message: Record<string, unknown>,
  timestamp = Date.now(),
) {
  return messagingPayload(accountId, [customerMessage(accountId, igsid, message, timestamp)]);
}

/** The account's own message to the customer as Instagram echoes it back (a fresh `mid` unless `message` names one). */
export function echoMessage(
  accountId: string,
  igsid: string,
  message: Record<string, unknown>,
  timestamp = Date.now(),
): Record<string, unknown> {
  return {
    sender: { id: accountId },
    recipient: { id: igsid },
    timestamp,
    message: { mid: nextMid(), ...message, is_echo: true },
  };
}

export { commentPayload } from '#tests/fakes/instagram-graph.ts';

/** Runs the processing job for every thread with pending events, as the worker would. */
export async function drainInbox(app: TestApp): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    const { rows } = await app.database.executeSql(
      'select distinct brand_id, thread_key from instagram_events where processed_at is null',
    );
    if (rows.length === 0) return;
    for (const row of rows)
      await app.channel.processor.processThread(row.brand_id as string, row.thread_key as string);
  }
}

export async function countRows(app: TestApp, query: string, values: unknown[] = []): Promise<number> {
  const { rows } = await app.database.executeSql(`select count(*)::int as n from (${query}) q`, values);
  return rows[0]!.n as number;
}

/** Jobs the assistant would receive. */
export async function assistantJobs(app: TestApp): Promise<Record<string, unknown>[]> {
  const { rows } = await app.database.executeSql(
    `select data, singleton_key from pgboss.job where name = 'assistant-respond' order by created_on`,
  );
  return rows;
}

/**
 * Waits (up to 10 s, looking every 25 ms) until `read` gives `count` rows, or any without a count, and returns
 * them: how a test with the job workers running sees what a job did.
 */
export function waitForRows<T>(read: () => T[] | Promise<T[]>, count?: number): Promise<T[]> {
  return vi.waitFor(
    async () => {
      const rows = await read();
      expect(count === undefined ? rows.length > 0 : rows.length === count).toBe(true);
      return rows;
    },
    { timeout: 10_000, interval: 25 },
  );
}
