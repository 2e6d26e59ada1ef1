import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  messages,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '#server/db/schema/index.ts';
import { createGuardedFetch } from '#server/integrations/http/guarded-fetch.ts';
import { startWebhookReceiver, type FakeWebhookReceiver } from '#tests/fakes/webhook-receiver.ts';
import {
  createTestConversation,
  createTestUser,
  personalWorkspaceOf,
  useTestApp,
} from '#tests/support/test-app.ts';
import {
  createWebhookDelivery,
  defaultRetryDelaysSeconds,
  disableAfterMs,
  giveUpAfterMs,
  type DisabledEndpoint,
  onEndpointDisabled,
} from './delivery.ts';
import { pruneOlderThan } from '#server/db/batched-delete.ts';
import { webhookEventsRetention } from './retention.ts';
import { createWebhookService } from './service.ts';

/**
 * The delivery engine with its clock in the test's hands (decision 049): no job workers run, so each attempt is
 * the call a `webhook-deliver` job would make, replayed at will.
 */
let receiver: FakeWebhookReceiver;
let userId: string;
let workspaceId: string;
let brandId: string;
let conversationId: string;
let clock: Date;
const disabled: DisabledEndpoint[] = [];

const hour = 60 * 60 * 1000;
const at = (ms: number) => new Date(clock.getTime() + ms);

function engine() {
  return createWebhookDelivery({
    db: app.database.db,
    jobs: app.jobs,
    secretBox: app.secretBox,
    fetch: createGuardedFetch({ allowLoopback: true, maxRedirects: 0 }),
    log: pino({ level: 'silent' }),
    now: () => clock,
    onEndpointDisabled: async (endpoint) => {
      disabled.push(endpoint);
    },
  });
}

async function newEndpoint(events = ['message.received' as const]) {
  const service = createWebhookService({
    db: app.database.db,
    jobs: app.jobs,
    secretBox: app.secretBox,
    allowLoopback: true,
  });
  const endpoint = await service.createEndpoint(userId, workspaceId, { url: receiver.url, events });
  receiver.secret = endpoint.secret;
  return endpoint;
}

/** A buyer's message (the trigger records the event) and the delivery it made for the endpoint. */
async function newDelivery(endpointId: string) {
  const db = app.database.db;
  const [message] = await db
    .insert(messages)
    .values({ conversationId, brandId, sender: 'customer', content: `message at ${clock.toISOString()}` })
    .returning({ id: messages.id });
  const [delivery] = await db
    .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      sql`${webhookDeliveries.endpointId} = ${endpointId} and ${webhookEvents.sourceKey} = ${'message.received:' + message!.id}`,
    );
  if (!delivery) throw new Error('no delivery recorded');
  // The event happened at the test's time: the database stamped its own clock.
  await db.update(webhookEvents).set({ createdAt: clock }).where(eq(webhookEvents.id, delivery.eventId));
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: clock })
    .where(eq(webhookDeliveries.id, delivery.id));
  return { ...delivery, messageId: message!.id };
}

async function deleteEndpoint(endpointId: string) {
  await app.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
const app = useTestApp({ workers: false });
beforeAll(async () => {
  const db = app.database.db;
  userId = (await createTestUser(db)).id;
  workspaceId = await personalWorkspaceOf(db, userId);
  const [brand] = await db
    .insert(brands)
    .values({ workspaceId, userId, name: 'Luna', username: 'luna' })
    .returning();
  brandId = brand!.id;
  conversationId = (await createTestConversation(db, brandId)).id;
}, 60_000);

describe('a replayed job or fact', () => {
  it('makes exactly one delivery id per event, sent once', async () => {
    clock = new Date();
    const endpoint = await newEndpoint();
    const before = receiver.received.length;
    const delivery = await newDelivery(endpoint.id);
    const db = app.database.db;
    // The fact written again (a replayed job recording it) records no second event.
    await db.execute(
      sql`select voicecart_record_webhook_event(${brandId}::uuid, 'message.received', ${'message.received:' + delivery.messageId}, '{}'::jsonb)`,
    );
    expect(
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(1);

    const delivering = engine();
    // The dispatcher sends its job once; a second run finds nothing new.
    expect(await delivering.dispatch()).toBeGreaterThanOrEqual(1);
    expect(await delivering.dispatch()).toBe(0);
    // The job, then the same job replayed (pg-boss retried it after a crash, or a person replayed it).
    expect(await delivering.attempt(delivery.id)).toEqual({ kind: 'succeeded', status: 200 });
    expect(await delivering.attempt(delivery.id)).toEqual({ kind: 'skipped' });
    clock = at(hour);
    expect(await delivering.attempt(delivery.id)).toEqual({ kind: 'skipped' });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['x-voicecart-delivery']).toBe(delivery.id);
    expect(got[0]!.json.id).toBe(delivery.eventId);
    expect(got[0]!.verified).toBe(true);
    await deleteEndpoint(endpoint.id);
  });

  it('sends nothing while another attempt holds the delivery', async () => {
    clock = new Date();
    const endpoint = await newEndpoint();
    const delivery = await newDelivery(endpoint.id);
    const before = receiver.received.length;
    const delivering = engine();
    const [first, second] = await Promise.all([
      delivering.attempt(delivery.id),
      delivering.attempt(delivery.id),
    ]);
    expect([first!.kind, second!.kind].sort()).toEqual(['skipped', 'succeeded']);
    expect(receiver.received.length - before).toBe(1);
    await deleteEndpoint(endpoint.id);
  });
});

describe('the address guard at delivery time', () => {
  it('refuses to connect to a private address even when one is stored', async () => {
    clock = new Date();
    const endpoint = await newEndpoint();
    // An address that could never be added through the API (as if the database were edited, or the rules changed).
    await app.database.db
      .update(webhookEndpoints)
      .set({ url: 'https://10.0.0.7/hooks' })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const before = receiver.received.length;
    const outcome = await engine().attempt((await newDelivery(endpoint.id)).id);
    expect(outcome).toMatchObject({
      kind: 'retrying',
      error: 'address not allowed (points to a private, loopback or link-local address)',
    });
    expect(receiver.received.length).toBe(before);
    await deleteEndpoint(endpoint.id);
  });
});

describe('retries', () => {
  it('waits longer after each failure and gives up 24 hours after the event', async () => {
    clock = new Date();
    const endpoint = await newEndpoint();
    const delivery = await newDelivery(endpoint.id);
    const [event] = await app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, delivery.eventId));
    const deadline = event!.createdAt.getTime() + giveUpAfterMs;
    receiver.answerAlways(503);
    const delivering = engine();
    const waits: number[] = [];
    let outcome = await delivering.attempt(delivery.id);
    while (outcome.kind === 'retrying') {
      expect(outcome.nextAttemptAt.getTime()).toBeLessThanOrEqual(deadline);
      waits.push(outcome.nextAttemptAt.getTime() - clock.getTime());
      // Not due yet: a job that starts early sends nothing.
      expect(await delivering.attempt(delivery.id)).toEqual({ kind: 'skipped' });
      clock = outcome.nextAttemptAt;
      outcome = await delivering.attempt(delivery.id);
    }
    receiver.answerAlways(undefined);
    expect(outcome).toEqual({ kind: 'failed', error: 'answered 503', endpointDisabled: false });
    expect(clock.getTime()).toBe(deadline);
    // The schedule's waits, the last one cut short at the 24 hours.
    expect(waits.slice(0, defaultRetryDelaysSeconds.length)).toEqual(
      defaultRetryDelaysSeconds.map((seconds) => seconds * 1000),
    );
    expect(waits.length).toBeGreaterThan(defaultRetryDelaysSeconds.length);
    const [row] = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(row).toMatchObject({ status: 'failed', responseStatus: 503, attempts: waits.length + 1 });
    // Each retry was handed to the queue with its start time.
    const jobs = (await app.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhook-deliver' and data->>'deliveryId' = ${delivery.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]!.n).toBe(waits.length);
    await deleteEndpoint(endpoint.id);
  });
});

describe('an endpoint failing for 5 days', () => {
  it('is turned off with the reason recorded, and told about once', async () => {
    const start = new Date();
    clock = start;
    disabled.length = 0;
    const endpoint = await newEndpoint();
    const delivering = engine();
    receiver.answerAlways(500);
    // Day 0 fails; a success on day 1 clears the record; failures from day 2 on count again.
    expect((await delivering.attempt((await newDelivery(endpoint.id)).id)).kind).toBe('retrying');
    receiver.answerAlways(undefined);
    clock = new Date(start.getTime() + 24 * hour);
    expect((await delivering.attempt((await newDelivery(endpoint.id)).id)).kind).toBe('succeeded');
    let [row] = await app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();

    receiver.answerAlways(500);
    clock = new Date(start.getTime() + 48 * hour);
    const failingFrom = clock;
    expect((await delivering.attempt((await newDelivery(endpoint.id)).id)).kind).toBe('retrying');
    clock = new Date(failingFrom.getTime() + disableAfterMs - hour);
    expect((await delivering.attempt((await newDelivery(endpoint.id)).id)).kind).toBe('retrying');
    [row] = await app.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.enabled).toBe(true);
    expect(row!.failingSince?.getTime()).toBe(failingFrom.getTime());

    clock = new Date(failingFrom.getTime() + disableAfterMs);
    const last = await delivering.attempt((await newDelivery(endpoint.id)).id);
    expect(last).toEqual({ kind: 'failed', error: 'answered 500', endpointDisabled: true });
    [row] = await app.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.enabled).toBe(false);
    expect(row!.disabledAt?.getTime()).toBe(clock.getTime());
    expect(row!.disabledReason).toContain('every delivery failed since');
    expect(row!.disabledReason).toContain('answered 500');
    expect(disabled).toEqual([
      {
        endpointId: endpoint.id,
        workspaceId,
        url: receiver.url,
        reason: row!.disabledReason,
        disabledAt: clock,
      },
    ]);
    receiver.answerAlways(undefined);

    // Turned off: its pending deliveries end without a request, and new events are not recorded for it.
    const before = receiver.received.length;
    const pending = await app.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.endpointId} = ${endpoint.id} and ${webhookDeliveries.status} = 'pending'`,
      );
    expect(pending.length).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 12 * hour);
    for (const { id } of pending) expect((await delivering.attempt(id)).kind).toBe('failed');
    expect(receiver.received.length).toBe(before);
    await expect(newDelivery(endpoint.id)).rejects.toThrow('no delivery recorded');
    expect(disabled).toHaveLength(1);
    await deleteEndpoint(endpoint.id);
  });
});

describe('retention', () => {
  it('deletes events and their deliveries 30 days after they were recorded, and keeps newer ones', async () => {
    clock = new Date();
    const endpoint = await newEndpoint();
    const old = await newDelivery(endpoint.id);
    const fresh = await newDelivery(endpoint.id);
    const db = app.database.db;
    await db
      .update(webhookEvents)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * hour) })
      .where(eq(webhookEvents.id, old.eventId));
    const result = await pruneOlderThan(db, { ...webhookEventsRetention, olderThan: { days: 30 } });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, old.eventId))).toHaveLength(0);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, old.id))).toHaveLength(0);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, fresh.id))).toHaveLength(
      1,
    );
    await deleteEndpoint(endpoint.id);
  });
});

describe('the notification when an endpoint is turned off', () => {
  it('tells the workspace owner on the bell, once per turning off', async () => {
    const disabledAt = new Date('2026-11-20T10:00:00Z');
    const endpoint = {
      endpointId: '00000000-0000-4000-8000-000000000049',
      workspaceId,
      url: 'https://hooks.example.com/down',
      reason: 'failing since 2026-11-15',
      disabledAt,
    };
    const silent = pino({ level: 'silent' });
    await onEndpointDisabled(app.database.db, endpoint, silent);
    await onEndpointDisabled(app.database.db, endpoint, silent);
    const rows = (
      await app.database.executeSql(
        `select user_id, link from notifications where kind = 'webhook_endpoint_failing' and title like $1`,
        ['%hooks.example.com/down%'],
      )
    ).rows;
    expect(rows).toEqual([{ user_id: userId, link: '/dashboard/settings/webhooks' }]);
  });
});
