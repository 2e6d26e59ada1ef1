import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brands } from '#server/db/schema/index.ts';
import { connectSampleAccount } from '#server/modules/channel/connections.ts';
import { createTestUser, signInAs } from '#tests/support/test-app.ts';
import { createInstagramHarness, type InstagramHarness } from '#tests/support/instagram.ts';

/**
 * The demo's sample Instagram account (decision 041), with the runtime's own wiring and workers: a simulated
 * buyer message goes through the inbox, the processing job and the assistant, and every send is recorded as
 * sent without one call reaching Instagram (the fake Graph server stands in for it and must hear nothing).
 */
let harness: InstagramHarness;
let brandId: string;
let userId: string;
let cookie: string;

type Json = Record<string, unknown>;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = cookie) =>
  harness.app.app.inject({
    method,
    url,
    headers: { cookie: as, 'idempotency-key': `sample-${Math.random().toString(36).slice(2)}` },
    ...(payload ? { payload: payload as Json } : {}),
  });
const simulate = (payload: unknown, brand = brandId, as = cookie) =>
  inject('POST', `/api/brands/${brand}/instagram/simulate`, payload, as);

async function messagesOf(conversationId: string) {
  return (await inject('GET', `/api/conversations/${conversationId}/messages`)).json() as Json[];
}

beforeAll(async () => {
  harness = await createInstagramHarness({ workers: true, timeoutMs: 5000 });
  const user = await createTestUser(harness.app.database.db);
  userId = user.id;
  cookie = (await signInAs(harness.app.database.db, user.id)).cookie;
  const [brand] = await harness.app.database.db
    .insert(brands)
    .values({ userId, name: 'Sample Brand', username: 'sample.brand' })
    .returning({ id: brands.id });
  brandId = brand!.id;
  expect(await connectSampleAccount(harness.app.database.db, { id: brandId, username: 'sample.brand' })).toBe(
    true,
  );
  // A second call keeps the account it has.
  expect(await connectSampleAccount(harness.app.database.db, { id: brandId, username: 'sample.brand' })).toBe(
    false,
  );
  await harness.app.catalog.connections.connect(userId, brandId, { platform: 'sample' });
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

describe('the sample Instagram account', () => {
  it('shows as connected, and as the sample account', async () => {
    const connection = (await inject('GET', `/api/brands/${brandId}/instagram`)).json() as Json;
    expect(connection).toMatchObject({ status: 'connected', sample: true, username: 'sample.brand' });
    const [brand] = (await inject('GET', '/api/brands')).json() as Json[];
    expect(brand).toMatchObject({ instagramConnected: true });
  });

  it('a simulated DM is answered by the assistant, recorded as sent, and nothing reaches Instagram', async () => {
    const response = await simulate({
      kind: 'dm',
      text: 'hey is the classic pullover hoodie in M black in stock?',
      username: 'try.buyer',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'dm', username: 'try.buyer', stored: 1 });

    const conversation = await vi.waitFor(
      async () => {
        const list = (await inject('GET', `/api/brands/${brandId}/conversations`)).json() as Json[];
        const found = list.find((item) => item.customerUsername === 'try.buyer');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 15_000, interval: 50 },
    );
    const answered = await vi.waitFor(
      async () => {
        const messages = await messagesOf(conversation.id as string);
        expect(messages.map((message) => message.sender)).toEqual(['customer', 'ai']);
        // The reply is stored as queued before its send is recorded: wait for the send, not only the row.
        expect(messages[1]).toMatchObject({ deliveryState: 'sent' });
        return messages;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(answered[1]!.content).toMatch(/hoodie/i);

    // A person's reply from the dashboard: sent through the same outbound path, shown as sent.
    const reply = await inject('POST', `/api/conversations/${conversation.id as string}/messages`, {
      content: 'Ships tomorrow!',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'sent', duplicate: false });
    const after = await messagesOf(conversation.id as string);
    expect(after.at(-1)).toMatchObject({
      sender: 'agent',
      content: 'Ships tomorrow!',
      deliveryState: 'sent',
    });

    expect(harness.fake.calls).toEqual([]);
  });

  it('a simulated comment arrives in the comment list under the buyer name', async () => {
    const response = await simulate({ kind: 'comment', text: 'love this 😍', username: 'comment.buyer' });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const list = (await inject('GET', `/api/brands/${brandId}/comments`)).json() as Json[];
        expect(list.find((item) => item.username === 'comment.buyer')).toMatchObject({
          content: 'love this 😍',
        });
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(harness.fake.calls).toEqual([]);
  });

  it('refuses bad input by name, and other people and real accounts', async () => {
    const empty = await simulate({ kind: 'dm', text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('text');
    const kind = await simulate({ kind: 'story', text: 'hi' });
    expect(kind.statusCode).toBe(400);
    expect(JSON.stringify(kind.json())).toContain('kind');

    const stranger = await createTestUser(harness.app.database.db);
    const strangerCookie = (await signInAs(harness.app.database.db, stranger.id)).cookie;
    expect((await simulate({ kind: 'dm', text: 'hi' }, brandId, strangerCookie)).statusCode).toBe(404);
  });

  it('connecting a real account replaces the sample one; then nothing can be simulated', async () => {
    const account = harness.fake.addAccount({ accountId: '17841400000777001', username: 'real.brand' });
    const connected = await inject('PUT', `/api/brands/${brandId}/instagram`, {
      accountId: account.accountId,
      accessToken: account.token,
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ accountId: account.accountId, sample: false });
    const refused = await simulate({ kind: 'dm', text: 'hi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('only on the sample Instagram account');
    // And it does not come back: the seed's connect leaves a real account alone.
    expect(
      await connectSampleAccount(harness.app.database.db, { id: brandId, username: 'sample.brand' }),
    ).toBe(false);
  });
});
