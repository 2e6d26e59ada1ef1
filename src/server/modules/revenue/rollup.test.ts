import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { brands, checkoutLinks, storeOrders } from '#server/db/schema/index.ts';
import type { IncomingOrder } from '#server/ports/revenue.ts';
import {
  createSignedInUser,
  createTestConversation,
  createTestUser,
  useTestApp,
} from '#tests/support/test-app.ts';
import { createOrderIngest } from './ingest.ts';

/**
 * The daily roll-ups (migration 0013) against a direct sum over the orders and links, after random sequences of
 * order payloads and refunds (duplicates, older payloads after newer ones, paid before created, cancellations),
 * applied through the real ingest in transactions; and the orders table a page at a time through the API.
 */
let owner: { id: string; cookie: string };
let stranger: { cookie: string };
let brandId: string;
let otherBrandId: string;
let conversationId: string;
let linkId: string;
const ingest = createOrderIngest();

type Rows = Record<string, unknown>[];
const rows = async (query: ReturnType<typeof sql>) =>
  ((await app.database.db.execute(query)) as unknown as { rows: Rows }).rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );

/** The roll-ups of one brand, leaving out rows that net to nothing (a voided day keeps its zero row). */
const rolledUp = (brand: string) =>
  Promise.all([
    rows(sql`select to_char(day, 'YYYY-MM-DD') as day, currency, revenue_minor as revenue,
        refunded_minor as refunded, orders
      from revenue_daily where brand_id = ${brand} and (orders <> 0 or revenue_minor <> 0 or refunded_minor <> 0)
      order by 1, 2`),
    rows(sql`select to_char(day, 'YYYY-MM-DD') as day, currency, product_title as title, revenue_minor as revenue,
        orders
      from revenue_products_daily where brand_id = ${brand} and (orders <> 0 or revenue_minor <> 0)
      order by 1, 2, 3`),
    rows(sql`select to_char(day, 'YYYY-MM-DD') as day, currency, conversation_key, links
      from revenue_links_daily where brand_id = ${brand} and links <> 0
      order by 1, 2, 3`),
    rows(sql`select to_char(month, 'YYYY-MM') as month, currency, product_title as title, revenue_minor as revenue,
        orders
      from revenue_products_monthly where brand_id = ${brand} and (orders <> 0 or revenue_minor <> 0)
      order by 1, 2, 3`),
  ]);

/** The same figures summed straight from store_orders and checkout_links. */
const summed = (brand: string) =>
  Promise.all([
    rows(sql`select to_char((placed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, currency,
        sum(total_minor - refunded_minor)::bigint as revenue, sum(refunded_minor)::bigint as refunded,
        count(*)::int as orders
      from store_orders where brand_id = ${brand} and paid_at is not null and cancelled_at is null
      group by 1, 2 order by 1, 2`),
    rows(sql`select day, currency, title, sum(revenue)::bigint as revenue, count(*)::int as orders from (
        select to_char((o.placed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, o.currency,
          coalesce(line ->> 'productTitle', '') as title, sum((line ->> 'totalMinor')::bigint) as revenue
        from store_orders o cross join lateral jsonb_array_elements(o.lines) as line
        where o.brand_id = ${brand} and o.paid_at is not null and o.cancelled_at is null
        group by o.id, 1, 2, 3
      ) per_order group by 1, 2, 3 order by 1, 2, 3`),
    rows(sql`select to_char((sent_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
        coalesce(items -> 0 ->> 'currency', '') as currency, coalesce(conversation_id::text, '') as conversation_key,
        count(*)::int as links
      from checkout_links where brand_id = ${brand}
      group by 1, 2, 3 order by 1, 2, 3`),
    rows(sql`select month, currency, title, sum(revenue)::bigint as revenue, count(*)::int as orders from (
        select to_char(o.placed_at at time zone 'UTC', 'YYYY-MM') as month, o.currency,
          coalesce(line ->> 'productTitle', '') as title, sum((line ->> 'totalMinor')::bigint) as revenue
        from store_orders o cross join lateral jsonb_array_elements(o.lines) as line
        where o.brand_id = ${brand} and o.paid_at is not null and o.cancelled_at is null
        group by o.id, 1, 2, 3
      ) per_order group by 1, 2, 3 order by 1, 2, 3`),
  ]);

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  owner = await createSignedInUser(db);
  stranger = await createSignedInUser(db);
  const [brand, other] = await db
    .insert(brands)
    .values([
      { userId: owner.id, name: 'Rollup brand', username: 'rollup' },
      { userId: owner.id, name: 'Paged brand', username: 'paged' },
    ])
    .returning();
  brandId = brand!.id;
  otherBrandId = other!.id;
  conversationId = (
    await createTestConversation(db, brandId, {
      customerUsername: 'ana.buys',
      customerInstagramId: 'ig-rollup',
    })
  ).id;
  linkId = 'Lrollup0001';
  await db.insert(checkoutLinks).values({
    id: linkId,
    brandId,
    conversationId,
    items: [{ variantId: 'v', externalId: 'x', quantity: 1, unitPrice: '10.00', currency: 'EUR' }],
  });
});

// The last evening of June: a later placed time moves an order into another day and month.
const base = Date.UTC(2026, 5, 30, 22, 0, 0);
/** One version of an order as a store would send it; `version` orders its payloads (the store's updated_at). */
const payloadArb = fc.record({
  order: fc.integer({ min: 0, max: 3 }),
  version: fc.integer({ min: 1, max: 4 }),
  paid: fc.boolean(),
  cancelled: fc.boolean(),
  total: fc.integer({ min: 0, max: 9000 }),
  payloadRefunded: fc.constantFrom(0, 0, 500, 9000),
  placedShift: fc.constantFrom(0, 0, 4),
  lines: fc.constantFrom(
    [],
    [{ productTitle: 'Tee', quantity: 1, totalMinor: 3000 }],
    [
      { productTitle: 'Tee', quantity: 1, totalMinor: 3000 },
      { productTitle: 'Cap', quantity: 2, totalMinor: 1000 },
      { productTitle: 'Tee', quantity: 1, totalMinor: 500 },
    ],
  ),
  attributed: fc.constantFrom(true, true, true, false),
  ownRefunds: fc.constantFrom<{ refundId: string; amountMinor: number }[]>(
    [],
    [{ refundId: 'r1', amountMinor: 700 }],
  ),
});
const eventArb = fc.oneof(
  { weight: 4, arbitrary: payloadArb.map((payload) => ({ kind: 'payload' as const, ...payload })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order: fc.integer({ min: 0, max: 3 }),
      refundId: fc.constantFrom('r1', 'r2'),
      amountMinor: fc.constantFrom(700, 1200),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('link' as const),
      op: fc.constantFrom('insert', 'insert', 'delete', 'detach'),
      dayShift: fc.integer({ min: 0, max: 2 }),
      currency: fc.constantFrom('EUR', 'USD'),
    }),
  },
);

describe('revenue roll-ups', () => {
  it('equal a direct sum over orders and links after any sequence of deliveries', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 14 }), async (events) => {
        run += 1;
        // Each delivery is applied twice, as a duplicate delivery would be (the second must change nothing).
        for (const event of events.flatMap((e, i) => (i % 3 === 0 ? [e, e] : [e]))) {
          const externalId = `gid://shopify/Order/${run}-${'order' in event ? event.order : 0}`;
          if (event.kind === 'payload') {
            const placedAt = new Date(base + event.placedShift * 3_600_000);
            const order: IncomingOrder = {
              platform: 'shopify',
              externalId,
              orderNumber: `#${run}${event.order}`,
              placedAt,
              updatedAt: new Date(base + event.version * 60_000),
              currency: 'EUR',
              totalMinor: event.total,
              refundedMinor: event.payloadRefunded,
              paidAt: event.paid ? placedAt : null,
              cancelledAt: event.cancelled ? placedAt : null,
              lines: [...event.lines],
              attribution: { linkIds: event.attributed ? [linkId] : ['Lnotours'], conversationIds: [] },
              refunds: event.ownRefunds,
            };
            await app.database.db.transaction((tx) => ingest.applyOrder(tx, brandId, order));
          } else if (event.kind === 'refund') {
            await app.database.db.transaction((tx) =>
              ingest.applyRefund(tx, brandId, {
                platform: 'shopify',
                orderExternalId: externalId,
                refundId: event.refundId,
                amountMinor: event.amountMinor,
              }),
            );
          } else if (event.op === 'insert') {
            await app.database.db.insert(checkoutLinks).values({
              id: `L${run}-${Math.random().toString(36).slice(2, 10)}`,
              brandId,
              conversationId: event.dayShift === 2 ? null : conversationId,
              items: [
                { variantId: 'v', externalId: 'x', quantity: 1, unitPrice: '1.00', currency: event.currency },
              ],
              sentAt: new Date(base - event.dayShift * 86_400_000),
            });
          } else if (event.op === 'delete') {
            await app.database.db.execute(
              sql`delete from checkout_links where id = (select id from checkout_links
                where brand_id = ${brandId} and id <> ${linkId} order by id limit 1)`,
            );
          } else {
            await app.database.db.execute(
              sql`update checkout_links set conversation_id = null where id = (select id from checkout_links
                where brand_id = ${brandId} and id <> ${linkId} and conversation_id is not null order by id limit 1)`,
            );
          }
        }
        expect(await rolledUp(brandId)).toEqual(await summed(brandId));
      }),
      { numRuns: 40 },
    );
    // The property saw counted orders, voided ones and refunds, not only empty days.
    const [counted] = await rows(
      sql`select count(*) filter (where status in ('paid', 'partially_refunded', 'refunded'))::int as paid,
        count(*) filter (where status = 'cancelled')::int as cancelled,
        count(*) filter (where refunded_minor > 0)::int as refunded
      from store_orders where brand_id = ${brandId}`,
    );
    expect(Number(counted!.paid)).toBeGreaterThan(0);
    expect(Number(counted!.cancelled)).toBeGreaterThan(0);
    expect(Number(counted!.refunded)).toBeGreaterThan(0);

    // Top products over ranges made of whole months and edge days, and within one month, against a direct sum.
    for (const [from, to] of [
      ['2026-06-15', '2026-08-10'],
      ['2026-06-30', '2026-06-30'],
      ['2026-07-01', '2026-07-31'],
    ] as const) {
      const report = await app.app.inject({
        method: 'GET',
        url: `/api/revenue?brandId=${brandId}&from=${from}&to=${to}`,
        headers: { cookie: owner.cookie },
      });
      const direct = await rows(sql`select title as "productTitle", currency,
          to_char(sum(revenue) / 100.0, 'FM999999990.00') as revenue, count(*)::int as orders from (
          select o.currency, coalesce(line ->> 'productTitle', '') as title, sum((line ->> 'totalMinor')::bigint) as revenue
          from store_orders o cross join lateral jsonb_array_elements(o.lines) as line
          where o.brand_id = ${brandId} and o.paid_at is not null and o.cancelled_at is null
            and o.placed_at >= ${from}::date and o.placed_at < ${to}::date + 1
          group by o.id, 1, 2
        ) per_order group by 1, 2 order by sum(revenue) desc, 1`);
      expect(report.json().topProducts).toEqual(
        direct.map((row) => ({ ...row, orders: Number(row.orders) })),
      );
    }
  });

  it('removes a brand with its orders, links and roll-ups', async () => {
    const user = await createTestUser(app.database.db);
    const [brand] = await app.database.db
      .insert(brands)
      .values({ userId: user.id, name: 'Gone', username: 'gone' })
      .returning();
    await app.database.db.insert(checkoutLinks).values({
      id: 'Lgone00001',
      brandId: brand!.id,
      items: [{ variantId: 'v', externalId: 'x', quantity: 1, unitPrice: '1.00', currency: 'EUR' }],
    });
    await app.database.db.transaction((tx) =>
      ingest.applyOrder(tx, brand!.id, {
        platform: 'sample',
        externalId: 'gone-1',
        orderNumber: '#1',
        placedAt: new Date(base),
        updatedAt: new Date(base),
        currency: 'EUR',
        totalMinor: 1000,
        refundedMinor: 0,
        paidAt: new Date(base),
        cancelledAt: null,
        lines: [{ productTitle: 'Tee', quantity: 1, totalMinor: 1000 }],
        attribution: { linkIds: ['Lgone00001'], conversationIds: [] },
        refunds: [],
      }),
    );
    expect((await rolledUp(brand!.id))[0]).toHaveLength(1);
    await app.database.db.execute(sql`delete from brands where id = ${brand!.id}`);
    expect(await rolledUp(brand!.id)).toEqual([[], [], [], []]);
  });
});

describe('GET /api/revenue/orders', () => {
  const get = (url: string, cookie = owner.cookie) =>
    app.app.inject({ method: 'GET', url, headers: { cookie } });

  it('pages every order once, newest first, ties broken by id, the first page in the report', async () => {
    // 23 orders, five of them at the very same microsecond.
    const placed = (i: number) => new Date(Date.UTC(2026, 4, 1 + (i < 5 ? 0 : i), 12, 0, 0, 0));
    await app.database.db.insert(storeOrders).values(
      Array.from({ length: 23 }, (_, i) => ({
        brandId: otherBrandId,
        platform: 'sample',
        externalId: `paged-${i}`,
        orderNumber: `#${1000 + i}`,
        placedAt: placed(i),
        currency: 'EUR',
        totalMinor: 100 * (i + 1),
        paidAt: placed(i),
        status: 'paid' as const,
        storeUpdatedAt: placed(i),
      })),
    );
    const range = `brandId=${otherBrandId}&from=2026-05-01&to=2026-05-31`;
    const report = (await get(`/api/revenue?${range}`)).json() as {
      orders: { id: string }[];
      nextCursor: string;
    };
    expect(report.orders).toHaveLength(23);
    expect(report.nextCursor).toBeNull();

    const seen: { id: string; placedAt: string; orderNumber: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`/api/revenue/orders?${range}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { orders: typeof seen; nextCursor: string | null };
      expect(page.orders.length).toBeLessThanOrEqual(4);
      seen.push(...page.orders);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen.map((order) => order.id)).toEqual(report.orders.map((order) => order.id));
    expect(new Set(seen.map((order) => order.id)).size).toBe(23);
    const times = seen.map((order) => order.placedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a bad cursor or limit with a 400 naming it, and another user’s brand with a 404', async () => {
    const range = `brandId=${otherBrandId}&from=2026-05-01&to=2026-05-31`;
    const badCursor = await get(`/api/revenue/orders?${range}&cursor=abc`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().issues[0].path).toBe('cursor');
    const badLimit = await get(`/api/revenue/orders?${range}&limit=5000`);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().issues[0].path).toBe('limit');
    expect((await get(`/api/revenue/orders?${range}`, stranger.cookie)).statusCode).toBe(404);
    const theirs = await get(`/api/revenue/orders?from=2026-05-01&to=2026-05-31`, stranger.cookie);
    expect(theirs.json()).toEqual({ orders: [], nextCursor: null });
  });
});
