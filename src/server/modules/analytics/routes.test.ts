import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdminCli } from '#tests/support/cli.ts';
import { analyticsSchema } from '#contracts/analytics.ts';
import {
  assistantTraces,
  automationRules,
  brands,
  comments,
  conversations,
  messages,
  storeOrders,
} from '#server/db/schema/index.ts';
import { createSignedInUser, useTestApp } from '#tests/support/test-app.ts';
import { rollUpChanges } from './rollup.ts';

let owner: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let ownerBrandId: string;
let otherOwnerBrandId: string;
let strangerBrandId: string;
let followedId: string;

const get = (url: string, cookie?: string) =>
  app.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
const at = (iso: string) => new Date(iso);

/** A conversation with a customer message and replies at the given offsets (ms) after it. */
async function conversationWith(
  brandId: string,
  customer: string,
  startIso: string,
  replies: { sender: 'ai' | 'agent'; afterMs: number }[],
  fields: Partial<typeof conversations.$inferInsert> = {},
) {
  const db = app.database.db;
  const [conversation] = await db
    .insert(conversations)
    .values({
      brandId,
      customerUsername: customer,
      customerInstagramId: customer,
      createdAt: at(startIso),
      ...fields,
    })
    .returning();
  await db.insert(messages).values({
    conversationId: conversation!.id,
    brandId,
    sender: 'customer',
    content: 'hello',
    createdAt: at(startIso),
  });
  for (const reply of replies)
    await db.insert(messages).values({
      conversationId: conversation!.id,
      brandId,
      sender: reply.sender,
      content: 'reply',
      createdAt: new Date(Date.parse(startIso) + reply.afterMs),
    });
  return conversation!.id;
}

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  owner = await createSignedInUser(db);
  stranger = await createSignedInUser(db);
  const inserted = await db
    .insert(brands)
    .values([
      { userId: owner.id, name: 'Owner A', username: 'owner_a' },
      { userId: owner.id, name: 'Owner B', username: 'owner_b', timeZone: 'UTC' },
      { userId: stranger.id, name: 'Stranger', username: 'stranger' },
    ])
    .returning();
  [ownerBrandId, otherOwnerBrandId, strangerBrandId] = inserted.map((brand) => brand.id) as [
    string,
    string,
    string,
  ];

  // Owner A (Pacific time): on 2026-05-10 three conversations; one answered by the assistant in 2 s, one handed
  // off and answered by a person in 60 s, one the assistant answered in 4 s. 2026-05-11 00:30 UTC is still the
  // 10th in Los Angeles.
  const handedOff = await conversationWith(ownerBrandId, 'ann', '2026-05-10T18:00:00Z', [
    { sender: 'ai', afterMs: 2_000 },
  ]);
  await conversationWith(
    ownerBrandId,
    'bob',
    '2026-05-10T20:00:00Z',
    [{ sender: 'agent', afterMs: 60_000 }],
    {
      status: 'escalated',
    },
  );
  const late = await conversationWith(ownerBrandId, 'cat', '2026-05-11T00:30:00Z', [
    { sender: 'ai', afterMs: 4_000 },
  ]);
  const [rule] = await db
    .insert(automationRules)
    .values({
      brandId: ownerBrandId,
      name: 'Fire emoji',
      trigger: 'A comment has 🔥',
      action: 'Private reply',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
      actionConfig: { type: 'private_reply_product_link' },
    })
    .returning();
  const [comment] = await db
    .insert(comments)
    .values({
      brandId: ownerBrandId,
      instagramCommentId: 'ig-c-1',
      username: 'dee',
      content: '🔥',
      fromInstagramId: 'dee',
      createdAt: at('2026-05-10T17:00:00Z'),
    })
    .returning();
  const variantId = '6f1d2b8e-0000-4000-8000-000000000001';
  const productId = '6f1d2b8e-0000-4000-8000-000000000002';
  const trace = (fields: Partial<typeof assistantTraces.$inferInsert>) => ({
    brandId: ownerBrandId,
    eventKey: `message:${crypto.randomUUID()}`,
    outcome: 'replied',
    intent: 'availability',
    provider: 'embedded',
    totalMs: 5,
    trace: { answerKind: 'in_stock', handedOff: false },
    createdAt: at('2026-05-10T19:00:00Z'),
    ...fields,
  });
  // Two buyers ask for the same sold-out variant.
  const soldOutAnswer = {
    productId,
    productTitle: 'Linen Shirt',
    variantId,
    variantTitle: 'M / Blue',
    stockAvailable: false,
    trace: { answerKind: 'out_of_stock', handedOff: false },
  } as const;
  await db.insert(assistantTraces).values([
    trace({ conversationId: handedOff, ...soldOutAnswer }),
    trace({ conversationId: late, ...soldOutAnswer, createdAt: at('2026-05-11T00:31:00Z') }),
    trace({
      conversationId: handedOff,
      intent: 'human',
      trace: { answerKind: 'hand_off', handedOff: true },
    }),
    trace({
      eventKey: `comment:${comment!.id}`,
      ruleId: rule!.id,
      ruleName: rule!.name,
      linkUrl: 'https://shop.example/p/linen',
      trace: { answerKind: 'product_link', handedOff: false },
      createdAt: at('2026-05-10T17:00:01Z'),
    }),
  ]);
  // The commenter writes a DM afterwards: the rule's funnel counts a conversation that followed, and its paid
  // order (not the pending or the cancelled one, nor an order of another conversation).
  followedId = await conversationWith(ownerBrandId, 'dee', '2026-05-10T17:30:00Z', [
    { sender: 'ai', afterMs: 1_000 },
  ]);
  const order = (externalId: string, fields: Partial<typeof storeOrders.$inferInsert>) => ({
    brandId: ownerBrandId,
    platform: 'shopify',
    externalId,
    orderNumber: `#${externalId}`,
    placedAt: at('2026-05-10T18:00:00Z'),
    currency: 'USD',
    totalMinor: 4_500,
    status: 'paid' as const,
    conversationId: followedId,
    paidAt: at('2026-05-10T18:00:00Z'),
    storeUpdatedAt: at('2026-05-10T18:00:00Z'),
    ...fields,
  });
  await db
    .insert(storeOrders)
    .values([
      order('1001', {}),
      order('1002', { status: 'pending', paidAt: null }),
      order('1003', { status: 'cancelled', cancelledAt: at('2026-05-10T19:00:00Z') }),
      order('1004', { conversationId: handedOff }),
    ]);
  // Owner B and the stranger have activity the same day, which owner A's figures must not include.
  await conversationWith(otherOwnerBrandId, 'eve', '2026-05-10T12:00:00Z', [{ sender: 'ai', afterMs: 500 }]);
  await conversationWith(strangerBrandId, 'zed', '2026-05-10T12:00:00Z', [{ sender: 'ai', afterMs: 500 }]);
  // The previous period (the 9th): one conversation.
  await conversationWith(ownerBrandId, 'fay', '2026-05-09T20:00:00Z', []);
  await rollUpChanges(db);
});

describe('GET /api/analytics', () => {
  it("counts one brand's day in its time zone, with rates, response times, demand and the rule funnel", async () => {
    const response = await get(
      `/api/analytics?brandId=${ownerBrandId}&from=2026-05-10&to=2026-05-10`,
      owner.cookie,
    );
    expect(response.statusCode).toBe(200);
    const body = analyticsSchema.parse(response.json());
    // The one day of the range holds all of its counts.
    const counts = { conversations: 4, inbound: 4, comments: 1, aiReplies: 3, humanReplies: 1, handoffs: 2 };
    expect(body.totals).toMatchObject({ ...counts, automationRate: 2 / 4, handoffRate: 2 / 4 });
    expect(body.totals.firstResponseMs.ai).toEqual({ p50: 2_000, p90: 4_000 });
    expect(body.totals.firstResponseMs.human).toEqual({ p50: 60_000, p90: 60_000 });
    expect(body.previous.conversations).toBe(1);
    expect(body.daily).toEqual([{ date: '2026-05-10', ...counts }]);
    expect(body.soldOutDemand).toEqual([
      expect.objectContaining({ productTitle: 'Linen Shirt', variantTitle: 'M / Blue', buyers: 2, asks: 2 }),
    ]);
    expect(body.handoffReasons).toEqual([{ reason: 'asked_for_person', count: 1 }]);
    expect(body.rules).toEqual([
      expect.objectContaining({
        name: 'Fire emoji',
        matched: 1,
        sent: 1,
        conversations: 1,
        links: 1,
        orders: 1,
      }),
    ]);
    expect(body.topProducts).toEqual([expect.objectContaining({ productTitle: 'Linen Shirt', asks: 2 })]);
  });

  it("adds all the user's brands without brandId, and never another user's", async () => {
    const body = analyticsSchema.parse(
      (await get('/api/analytics?from=2026-05-10&to=2026-05-10', owner.cookie)).json(),
    );
    expect(body.totals.conversations).toBe(5);
    const strangers = analyticsSchema.parse(
      (await get('/api/analytics?from=2026-05-10&to=2026-05-10', stranger.cookie)).json(),
    );
    expect(strangers.totals.conversations).toBe(1);
  });

  it("answers 404 for another user's brand, the same as for a missing one", async () => {
    const theirs = await get(
      `/api/analytics?brandId=${strangerBrandId}&from=2026-05-10&to=2026-05-10`,
      owner.cookie,
    );
    const missing = await get(
      `/api/analytics?brandId=00000000-0000-4000-8000-000000000000&from=2026-05-10&to=2026-05-10`,
      owner.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });

  it('refuses a range over 366 days, reversed or malformed dates, and unknown fields with 400 naming the field', async () => {
    const cases = [
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-05-10&to=2026-05-09', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=20260510&to=2026-05-10', 'from'],
      ['from=2026-05-10&to=2026-05-10&brandId=nope', 'brandId'],
      ['from=2026-05-10&to=2026-05-10&extra=1', ''],
    ] as const;
    for (const [query, field] of cases) {
      const response = await get(`/api/analytics?${query}`, owner.cookie);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
    expect((await get('/api/analytics?from=2025-01-01&to=2026-01-01', owner.cookie)).statusCode).toBe(200);
  });

  it("drills down: a day's conversations (cut in the brand's time zone) and those that asked for a sold-out variant", async () => {
    const list = async (query: string) => {
      const response = await get(`/api/brands/${ownerBrandId}/conversations?${query}`, owner.cookie);
      expect(response.statusCode, query).toBe(200);
      return (response.json() as { customerUsername: string }[]).map((c) => c.customerUsername).sort();
    };
    expect(await list('startedOn=2026-05-10')).toEqual(['ann', 'bob', 'cat', 'dee']);
    expect(await list('startedOn=2026-05-09')).toEqual(['fay']);
    const body = analyticsSchema.parse(
      (
        await get(`/api/analytics?brandId=${ownerBrandId}&from=2026-05-10&to=2026-05-10`, owner.cookie)
      ).json(),
    );
    const variant = body.soldOutDemand[0]!;
    expect(variant.brandId).toBe(ownerBrandId);
    expect(await list(`askedVariantId=${variant.variantId}`)).toEqual(['ann', 'cat']);
    expect(await list(`askedVariantId=${variant.variantId}&startedOn=2026-05-09`)).toEqual([]);
    const counts = await get(`/api/brands/${ownerBrandId}/inbox-counts?startedOn=2026-05-10`, owner.cookie);
    expect(counts.json()).toMatchObject({ conversations: 4 });
    expect(
      (await get(`/api/brands/${ownerBrandId}/conversations?startedOn=2026-13-01`, owner.cookie)).statusCode,
    ).toBe(400);
  });

  it('counts an order in the rule funnel once the store reports it paid, after the next roll-up', async () => {
    const url = `/api/analytics?brandId=${ownerBrandId}&from=2026-05-10&to=2026-05-10`;
    const orders = async () => analyticsSchema.parse((await get(url, owner.cookie)).json()).rules[0]!.orders;
    expect(await orders()).toBe(1);
    await app.database.db.execute(
      sql`update store_orders set paid_at = placed_at, status = 'paid' where external_id = '1002'`,
    );
    await rollUpChanges(app.database.db);
    expect(await orders()).toBe(2);
    await app.database.db.execute(
      sql`update store_orders set paid_at = null, status = 'pending' where external_id = '1002'`,
    );
    await rollUpChanges(app.database.db);
    expect(await orders()).toBe(1);
  });

  it('answers a range of whole months (read from the monthly sums) the same as its days', async () => {
    // April 15 to June 20 holds all of May: May comes from the monthly sums, the rest from the daily rows.
    const wide = analyticsSchema.parse(
      (
        await get(`/api/analytics?brandId=${ownerBrandId}&from=2026-04-15&to=2026-06-20`, owner.cookie)
      ).json(),
    );
    const days = analyticsSchema.parse(
      (
        await get(`/api/analytics?brandId=${ownerBrandId}&from=2026-05-09&to=2026-05-10`, owner.cookie)
      ).json(),
    );
    expect(wide.totals).toEqual(days.totals);
    expect(wide.totals.conversations).toBe(5);
    expect(wide.answerKinds).toEqual(days.answerKinds);
    expect(wide.handoffReasons).toEqual(days.handoffReasons);
    expect(wide.topProducts).toEqual(days.topProducts);
    expect(wide.soldOutDemand).toEqual(days.soldOutDemand);
    expect(wide.rules).toEqual(days.rules);
  });

  it('answers 401 without a session', async () => {
    expect((await get('/api/analytics?from=2026-05-10&to=2026-05-10')).statusCode).toBe(401);
  });

  it('rebuild-analytics gives the same numbers', async () => {
    const url = '/api/analytics?from=2026-05-01&to=2026-05-31';
    const before = (await get(url, owner.cookie)).json();
    await app.database.db.execute(sql`update analytics_daily set conversations = conversations + 7`);
    await app.database.db.execute(sql`update analytics_monthly set conversations = conversations + 7`);
    expect((await get(url, owner.cookie)).json()).not.toEqual(before);
    expect(await runAdminCli(app.database, ['rebuild-analytics'])).toMatchObject({ code: 0 });
    expect((await get(url, owner.cookie)).json()).toEqual(before);
  });
});
