import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  conversations,
  messages,
  storeOrders,
  webhookDeliveries,
  webhookEvents,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { startWebhookReceiver, type FakeWebhookReceiver } from '#tests/fakes/webhook-receiver.ts';
import {
  createSignedInUser,
  createSignedInWorkspace,
  createTestConversation,
  personalWorkspaceOf,
  requestAs,
  useTestApp,
} from '#tests/support/test-app.ts';
import { createWebhookService } from './service.ts';

/**
 * Outbound webhooks end to end (decision 049): the routes and their access, the address guard, events recorded by
 * the database, and deliveries through the real job workers to a receiver on 127.0.0.1 that checks signatures.
 */
let receiver: FakeWebhookReceiver;
let workspaceId: string;
let otherWorkspaceId: string;
let brandId: string;
let conversationId: string;
let owner: { id: string; cookie: string };
let admin: { cookie: string };
let agent: { cookie: string };
let stranger: { id: string; cookie: string };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  requestAs(app, method, url, { cookie, body });

const base = () => `/api/workspaces/${workspaceId}/webhooks`;

async function createEndpoint(events: string[], url = receiver.url) {
  const response = await call('POST', base(), owner.cookie, { url, events });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string; url: string; events: string[] };
}

async function customerMessage(content: string) {
  const [message] = await app.database.db
    .insert(messages)
    .values({ conversationId, brandId, sender: 'customer', content })
    .returning({ id: messages.id });
  return message!.id;
}

async function deliveriesOf(endpointId: string) {
  const response = await call('GET', `${base()}/${endpointId}/deliveries`, owner.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    id: string;
    eventType: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
  }[];
}

/** The endpoint's delivery log once its newest delivery succeeded. */
const succeededDeliveriesOf = (endpointId: string) =>
  vi.waitFor(
    async () => {
      const rows = await deliveriesOf(endpointId);
      expect(rows[0]?.status).toBe('succeeded');
      return rows;
    },
    { timeout: 20_000, interval: 200 },
  );

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
const app = useTestApp({
  workers: true,
  env: {
    ALLOW_LOOPBACK_WEBHOOKS: 'true',
    WEBHOOKS_DISPATCH_EVERY_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
  },
});
beforeAll(async () => {
  const db = app.database.db;
  const shared = await createSignedInWorkspace(db, ['owner', 'admin', 'agent'], {
    name: 'Luna',
    username: 'luna',
  });
  workspaceId = shared.workspaceId;
  brandId = shared.brand.id;
  [owner, admin, agent] = shared.members;
  stranger = await createSignedInUser(db);
  otherWorkspaceId = await personalWorkspaceOf(db, stranger.id);
  conversationId = (await createTestConversation(db, brandId)).id;
}, 60_000);

describe('access', () => {
  it('lets owners and admins manage endpoints; an agent gets 403, another workspace 404', async () => {
    expect((await call('GET', base(), admin.cookie)).statusCode).toBe(200);
    const forAgent = await call('GET', base(), agent.cookie);
    expect(forAgent.statusCode).toBe(403);
    expect(
      (await call('POST', base(), agent.cookie, { url: receiver.url, events: ['reply.sent'] })).statusCode,
    ).toBe(403);
    expect((await call('GET', base(), stranger.cookie)).statusCode).toBe(404);
    expect(
      (await call('POST', base(), stranger.cookie, { url: receiver.url, events: ['reply.sent'] })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an endpoint through a workspace it does not belong to, and to a stranger', async () => {
    const endpoint = await createEndpoint(['reply.sent']);
    // The stranger owns their personal workspace, but the endpoint is not in it.
    const viaOther = `/api/workspaces/${otherWorkspaceId}/webhooks/${endpoint.id}`;
    expect((await call('GET', viaOther, stranger.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', viaOther, stranger.cookie)).statusCode).toBe(404);
    expect((await call('POST', `${viaOther}/test`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/${endpoint.id}/deliveries`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('POST', `${base()}/${endpoint.id}/roll-secret`, agent.cookie)).statusCode).toBe(403);
    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('endpoints', () => {
  it.each([
    ['http://hooks.example.com/in', 'must use https'],
    ['https://10.0.0.5/in', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://[::1]/in', 'private'],
    ['https://[::ffff:127.0.0.1]/in', 'private'],
    ['https://localhost/in', 'private'],
    ['https://user:pass@hooks.example.com/in', 'user name or password'],
    ['https://hooks.example.com:8443/in', 'standard https port'],
  ])('refuses %s with a 400 naming the url', async (url, words) => {
    const response = await call('POST', base(), owner.cookie, { url, events: ['reply.sent'] });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; issues: { path: string; message: string }[] };
    expect(body.issues[0]?.path).toBe('url');
    expect(body.message).toContain(words);
  });

  it('refuses plain http on 127.0.0.1 unless loopback endpoints are allowed', async () => {
    const strict = createWebhookService({
      db: app.database.db,
      jobs: app.jobs,
      secretBox: app.secretBox,
      allowLoopback: false,
    });
    const error = await strict
      .createEndpoint(owner.id, workspaceId, { url: receiver.url, events: ['reply.sent'] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toContain('must use https');
  });

  it('names the field when events are missing or unknown', async () => {
    const none = await call('POST', base(), owner.cookie, { url: receiver.url, events: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('events');
    const unknown = await call('POST', base(), owner.cookie, { url: receiver.url, events: ['order.paid'] });
    expect(unknown.statusCode).toBe(400);
  });

  it('shows the secret once, at creation and when rolled', async () => {
    const endpoint = await createEndpoint(['reply.sent']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const read = await call('GET', `${base()}/${endpoint.id}`, owner.cookie);
    expect(read.json()).not.toHaveProperty('secret');
    const list = await call('GET', base(), owner.cookie);
    expect(list.body).not.toContain(endpoint.secret);
    const rolled = await call('POST', `${base()}/${endpoint.id}/roll-secret`, admin.cookie);
    expect(rolled.statusCode).toBe(200);
    const { secret } = rolled.json() as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
  });
});

describe('events recorded by the database', () => {
  it('records each fact once, only for a workspace with an endpoint that wants it', async () => {
    const db = app.database.db;
    const countOf = async (type: string) =>
      (
        await db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, type)))
      ).length;
    // No endpoint subscribes yet: nothing is recorded.
    await db.update(conversations).set({ status: 'escalated' }).where(eq(conversations.id, conversationId));
    expect(await countOf('conversation.escalated')).toBe(0);

    const endpoint = await createEndpoint(['reply.sent', 'conversation.resolved', 'order.attributed']);
    // A reply counts once it is sent, however its delivery state moves on.
    const [reply] = await db
      .insert(messages)
      .values({ conversationId, brandId, sender: 'agent', content: 'On its way', deliveryState: 'queued' })
      .returning({ id: messages.id });
    expect(await countOf('reply.sent')).toBe(0);
    for (const state of ['sent', 'delivered', 'seen'])
      await db.update(messages).set({ deliveryState: state }).where(eq(messages.id, reply!.id));
    expect(await countOf('reply.sent')).toBe(1);

    // Resolving again without a change records nothing; reopening and resolving is a second fact.
    await db.update(conversations).set({ status: 'resolved' }).where(eq(conversations.id, conversationId));
    await db.update(conversations).set({ status: 'resolved' }).where(eq(conversations.id, conversationId));
    expect(await countOf('conversation.resolved')).toBe(1);
    await db.update(conversations).set({ status: 'active' }).where(eq(conversations.id, conversationId));
    await db.update(conversations).set({ status: 'resolved' }).where(eq(conversations.id, conversationId));
    expect(await countOf('conversation.resolved')).toBe(2);

    // The same order written again (a redelivered store webhook) updates its row: still one event.
    const order = {
      brandId,
      platform: 'sample',
      externalId: 'order-1',
      orderNumber: '#1001',
      placedAt: new Date(),
      currency: 'USD',
      totalMinor: 4200,
      status: 'paid' as const,
      linkId: 'lnk1',
      conversationId,
      storeUpdatedAt: new Date(),
    };
    for (let i = 0; i < 2; i += 1)
      await db
        .insert(storeOrders)
        .values(order)
        .onConflictDoUpdate({
          target: [storeOrders.brandId, storeOrders.platform, storeOrders.externalId],
          set: { updatedAt: new Date() },
        });
    expect(await countOf('order.attributed')).toBe(1);
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'order.attributed'));
    expect(event!.data).toMatchObject({ brandId, conversationId, orderNumber: '#1001', totalMinor: 4200 });

    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
    // Deleting the endpoint takes its deliveries; the events stay until pruned.
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(0);
  });
});

describe('deliveries', () => {
  it('signs each delivery with the endpoint secret; a receiver with another secret refuses it', async () => {
    const endpoint = await createEndpoint(['message.received']);
    receiver.secret = endpoint.secret;
    const before = receiver.received.length;
    const messageId = await customerMessage('is the serum in stock?');
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.verified).toBe(true);
    expect(delivery!.headers['x-voicecart-event']).toBe('message.received');
    expect(delivery!.headers['x-voicecart-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.json).toMatchObject({
      type: 'message.received',
      workspaceId,
      data: { messageId, conversationId, brandId, text: 'is the serum in stock?', customerUsername: 'buyer' },
    });
    expect(Object.keys(delivery!.json).sort()).toEqual(['createdAt', 'data', 'id', 'type', 'workspaceId']);

    // The same bytes and header do not check out with another secret, or with the body changed.
    const { checkSignature } = await import('#tests/fakes/webhook-receiver.ts');
    const now = Math.floor(Date.now() / 1000);
    const header = delivery!.headers['x-voicecart-signature'];
    expect(checkSignature('whsec_wrong', header, delivery!.body, now)).toBe(false);
    expect(checkSignature(endpoint.secret, header, delivery!.body.replace('serum', 'cream'), now)).toBe(
      false,
    );
    expect(checkSignature(endpoint.secret, header, delivery!.body, now)).toBe(true);

    const log = await succeededDeliveriesOf(endpoint.id);
    expect(log[0]).toMatchObject({ eventType: 'message.received', attempts: 1, responseStatus: 200 });
    expect(log[0]!.id).toBe(delivery!.headers['x-voicecart-delivery']);
    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
  });

  it('tries again after 500s with the same delivery id, and records the success', async () => {
    const endpoint = await createEndpoint(['message.received']);
    receiver.secret = endpoint.secret;
    const before = receiver.received.length;
    receiver.answerNext(500, 500);
    await customerMessage('hello?');
    const attempts = (await receiver.waitFor(before + 3, 30_000)).slice(before);
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((attempt) => attempt.headers['x-voicecart-delivery'])).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.json.id)).size).toBe(1);
    expect(attempts.every((attempt) => attempt.verified)).toBe(true);
    const log = await succeededDeliveriesOf(endpoint.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
  }, 40_000);

  it('sends a test event on request, signed with a rolled secret, and stops while turned off', async () => {
    const endpoint = await createEndpoint(['message.received']);
    const rolled = (await call('POST', `${base()}/${endpoint.id}/roll-secret`, owner.cookie)).json() as {
      secret: string;
    };
    receiver.secret = rolled.secret;
    const before = receiver.received.length;
    const test = await call('POST', `${base()}/${endpoint.id}/test`, admin.cookie);
    expect(test.statusCode).toBe(202);
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.json.type).toBe('webhook.test');
    expect(delivery!.headers['x-voicecart-delivery']).toBe(
      (test.json() as { deliveryId: string }).deliveryId,
    );
    expect(delivery!.verified).toBe(true);

    const off = await call('PATCH', `${base()}/${endpoint.id}`, owner.cookie, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: 'Turned off by a person.' });
    await customerMessage('anyone there?');
    expect(
      await app.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(1);
    expect((await call('POST', `${base()}/${endpoint.id}/test`, owner.cookie)).statusCode).toBe(409);
    const on = await call('PATCH', `${base()}/${endpoint.id}`, owner.cookie, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await call('DELETE', `${base()}/${endpoint.id}`, owner.cookie)).statusCode).toBe(204);
  });
});
