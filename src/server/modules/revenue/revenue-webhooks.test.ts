import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  catalogVariants,
  catalogWebhookEvents,
  checkoutLinks,
  conversations,
  storeConnections,
  storeOrders,
} from '#server/db/schema/index.ts';
import { shopifyDeliveries, startStoreWebhookApp } from '#tests/support/store-webhooks.ts';
import { createSignedInOwner, type TestApp } from '#tests/support/test-app.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
  type FakeShopifyOrder,
} from '#tests/fakes/shopify-admin.ts';
import { makeWooProducts, startFakeWooCommerce, type FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { shopifyConnectBody, wooConnectBody } from '#tests/support/store-connect.ts';

/**
 * Orders in through the real endpoints: the fakes check out our own links and deliver signed webhooks over HTTP to
 * the listening app, and the reconciliation reads them back through the store APIs.
 */
const SHOPIFY_SECRET = 'shpss_revenue_secret';
let app: TestApp;
let baseUrl: string;
let shopify: FakeShopifyAdmin;
let otherShop: FakeShopifyAdmin;
let woo: FakeWooCommerce;
let owner: { cookie: string };
let stranger: { cookie: string };
let shopBrand: string;
let wooBrand: string;
let strangerBrand: string;
let shopConversation: string;
let wooConversation: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);

async function revenue(query: Record<string, string> = {}, cookie = owner.cookie) {
  const params = new URLSearchParams({ from: monthAgo, to: today, ...query });
  return app.app.inject({ method: 'GET', url: `/api/revenue?${params}`, headers: { cookie } });
}

async function orderRow(brandId: string, externalId: string) {
  const [row] = await app.database.db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.brandId, brandId), eq(storeOrders.externalId, externalId)));
  return row;
}

const deliverShopify = shopifyDeliveries(
  () => shopify,
  () => baseUrl,
  SHOPIFY_SECRET,
  'evt',
);

/** The checkout link the assistant would hand a buyer for the brand's variant (by its id in the store). */
async function checkoutUrl(brandId: string, externalId: string, quantity: number, conversationId: string) {
  const [variant] = await app.database.db
    .select()
    .from(catalogVariants)
    .where(eq(catalogVariants.externalId, externalId));
  return (
    await app.catalog.answers.checkoutLink({ brandId, variantId: variant!.id, quantity, conversationId })
  ).url;
}

const shopifyLink = (quantity = 1, conversationId = shopConversation) =>
  checkoutUrl(shopBrand, 'gid://shopify/ProductVariant/102', quantity, conversationId);

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const snapshot = (order: FakeShopifyOrder) => JSON.parse(JSON.stringify(order)) as FakeShopifyOrder;

beforeAll(async () => {
  shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(5), currencyCode: 'EUR' });
  otherShop = await startFakeShopifyAdmin({
    products: makeShopifyProducts(5),
    currencyCode: 'EUR',
    firstOrderId: 9001,
  });
  const wooData = makeWooProducts(4);
  woo = await startFakeWooCommerce(wooData);
  woo.currency = 'USD';
  const started = await startStoreWebhookApp({
    shopifySecret: SHOPIFY_SECRET,
    usernames: ['shopbrand', 'woobrand'],
  });
  ({ app, baseUrl, owner, shopBrand, wooBrand } = started);
  const put = started.putStore;
  const db = app.database.db;
  const other = await createSignedInOwner(db, { name: 'X', username: 'x' });
  stranger = other;
  strangerBrand = other.brand.id;
  const [c1, c2] = await db
    .insert(conversations)
    .values([
      { brandId: shopBrand, customerUsername: 'ana.buys', customerInstagramId: 'ig-1' },
      { brandId: wooBrand, customerUsername: 'bo.buys', customerInstagramId: 'ig-2' },
    ])
    .returning();
  shopConversation = c1!.id;
  wooConversation = c2!.id;
  expect((await put(shopBrand, shopifyConnectBody(shopify))).statusCode).toBe(200);
  expect((await put(wooBrand, wooConnectBody(woo))).statusCode).toBe(200);
  // The first sync runs as a job in production; here it is run directly.
  for (const row of await db.select().from(storeConnections)) await app.catalog.sync.runSync(row.id);
});

afterAll(async () => {
  await app.close();
  await shopify.close();
  await otherShop.close();
  await woo.close();
});

describe('Shopify orders', () => {
  it('subscribes the order topics at connect, to the signed endpoint', () => {
    expect(shopify.subscriptions.map((s) => s.topic).sort()).toEqual([
      'ORDERS_CANCELLED',
      'ORDERS_CREATE',
      'ORDERS_PAID',
      'REFUNDS_CREATE',
    ]);
    expect(new Set(shopify.subscriptions.map((s) => s.uri))).toEqual(
      new Set(['http://127.0.0.1:9/api/webhooks/shopify']),
    );
  });

  it('gives every link sent its own id, stored with what it quoted, carried as cart attribute and ref', async () => {
    const url = new URL(await shopifyLink(2));
    const linkId = url.searchParams.get('attributes[voicecart_link]');
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(url.searchParams.get('ref')).toBe(`voicecart-${linkId}`);
    expect(url.searchParams.get('attributes[voicecart_conversation]')).toBe(shopConversation);
    const [link] = await app.database.db.select().from(checkoutLinks).where(eq(checkoutLinks.id, linkId!));
    expect(link).toMatchObject({ brandId: shopBrand, conversationId: shopConversation });
    expect(link!.items).toEqual([
      expect.objectContaining({
        externalId: 'gid://shopify/ProductVariant/102',
        quantity: 2,
        currency: 'EUR',
      }),
    ]);
    expect(url.toString().length).toBeLessThan(300);
  });

  it('counts an attributed paid order once, however often and in whatever order it arrives', async () => {
    const before = (await revenue({ brandId: shopBrand })).json() as Json;
    const order = shopify.checkout(await shopifyLink(2), { paid: false, at: at(30) });
    const created = snapshot(order);
    const paid = snapshot(shopify.markPaid(order.id, at(29)));
    // paid before create, then create, then paid again (a retry with the same event id), then create again
    // under a new event id.
    expect((await deliverShopify('orders/paid', paid, { eventId: `paid-${order.id}` })).status).toBe(200);
    expect((await deliverShopify('orders/create', created)).status).toBe(200);
    const retry = await deliverShopify('orders/paid', paid, { eventId: `paid-${order.id}` });
    expect(await retry.json()).toMatchObject({ duplicate: true });
    await deliverShopify('orders/create', created);
    const row = await orderRow(shopBrand, order.admin_graphql_api_id);
    expect(row).toMatchObject({ status: 'paid', totalMinor: 2 * 2100, conversationId: shopConversation });
    const after = (await revenue({ brandId: shopBrand })).json() as Json;
    const eur = (body: Json) =>
      body.totals.find((t: Json) => t.currency === 'EUR') ?? { orders: 0, revenue: '0.00' };
    expect(eur(after).orders).toBe(eur(before).orders + 1);
    expect(Number(eur(after).revenue) - Number(eur(before).revenue)).toBeCloseTo(42, 2);
    expect(after.orders.find((o: Json) => o.orderNumber === order.name)).toMatchObject({
      brandId: shopBrand,
      conversationId: shopConversation,
      buyerUsername: 'ana.buys',
      platform: 'shopify',
      currency: 'EUR',
      total: '42.00',
      refunded: '0.00',
      status: 'paid',
    });
  });

  it('applies and records a delivery sent five times at once exactly once, and an older payload after it changes only what grows', async () => {
    const before = (await revenue({ brandId: shopBrand })).json() as Json;
    const order = shopify.checkout(await shopifyLink(1), { paid: true, at: at(20) });
    const created = snapshot(order);
    const eventId = `race-${order.id}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliverShopify('orders/create', created, { eventId })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const deliveries = await app.database.db
      .select()
      .from(catalogWebhookEvents)
      .where(eq(catalogWebhookEvents.eventKey, eventId));
    expect(deliveries).toHaveLength(1);
    const after = (await revenue({ brandId: shopBrand })).json() as Json;
    const eur = (body: Json) =>
      body.totals.find((t: Json) => t.currency === 'EUR') ?? { orders: 0, revenue: '0.00' };
    expect(eur(after).orders).toBe(eur(before).orders + 1);
    expect(Number(eur(after).revenue) - Number(eur(before).revenue)).toBeCloseTo(21, 2);

    // An older payload (before it was paid) under a new event id: recorded once, the order stays paid.
    const older = { ...created, financial_status: 'pending', updated_at: at(25).toISOString() };
    const late = await deliverShopify('orders/create', older, { eventId: `late-${order.id}` });
    expect(await late.json()).toMatchObject({ ok: true, duplicate: false });
    expect(await orderRow(shopBrand, order.admin_graphql_api_id)).toMatchObject({ status: 'paid' });
    const lateDeliveries = await app.database.db
      .select()
      .from(catalogWebhookEvents)
      .where(eq(catalogWebhookEvents.eventKey, `late-${order.id}`));
    expect(lateDeliveries).toHaveLength(1);
  });

  it('does not store an order that carries none of our links, nor one with another brand’s link', async () => {
    const plain = shopify.checkout(`${shopify.url}/cart/102:1`, { at: at(20) });
    expect((await deliverShopify('orders/create', plain)).status).toBe(200);
    expect(await orderRow(shopBrand, plain.admin_graphql_api_id)).toBeUndefined();
    const [foreign] = await app.database.db
      .insert(checkoutLinks)
      .values({ id: 'foreignLink01', brandId: strangerBrand, items: [] })
      .returning();
    const borrowed = shopify.checkout(`${shopify.url}/cart/102:1?attributes[voicecart_link]=${foreign!.id}`, {
      at: at(20),
    });
    await deliverShopify('orders/create', borrowed);
    expect(await orderRow(shopBrand, borrowed.admin_graphql_api_id)).toBeUndefined();
    expect(await orderRow(strangerBrand, borrowed.admin_graphql_api_id)).toBeUndefined();
  });

  it('attributes an order from a link sent before link ids by its conversation attribute', async () => {
    const legacy = shopify.checkout(
      `${shopify.url}/cart/102:1?ref=voicecart-${shopConversation}&attributes[voicecart_conversation]=${shopConversation}`,
      { at: at(19) },
    );
    await deliverShopify('orders/create', legacy);
    expect(await orderRow(shopBrand, legacy.admin_graphql_api_id)).toMatchObject({
      linkId: null,
      conversationId: shopConversation,
      status: 'paid',
    });
  });

  it('keeps a cancelled order cancelled when a stale paid arrives after it', async () => {
    const order = shopify.checkout(await shopifyLink(1), { paid: false, at: at(18) });
    const created = snapshot(order);
    const paid = snapshot(shopify.markPaid(order.id, at(17)));
    const cancelled = snapshot(shopify.cancel(order.id, at(16)));
    await deliverShopify('orders/create', created);
    await deliverShopify('orders/cancelled', cancelled);
    await deliverShopify('orders/paid', paid);
    const row = await orderRow(shopBrand, order.admin_graphql_api_id);
    expect(row).toMatchObject({ status: 'cancelled' });
    const listed = ((await revenue({ brandId: shopBrand })).json() as Json).orders.find(
      (o: Json) => o.orderNumber === order.name,
    );
    expect(listed.status).toBe('cancelled');
  });

  it('subtracts partial and full refunds once each, in any order with the order itself', async () => {
    const order = shopify.checkout(await shopifyLink(1), { at: at(15) });
    const created = snapshot(order);
    const first = shopify.refund(order.id, '5.00', at(14));
    // The refund before its order, twice (a retry).
    await deliverShopify('refunds/create', first, { eventId: `refund-${first.id}` });
    await deliverShopify('refunds/create', first, { eventId: `refund-${first.id}` });
    await deliverShopify('orders/create', created);
    let row = await orderRow(shopBrand, order.admin_graphql_api_id);
    expect(row).toMatchObject({ status: 'partially_refunded', refundedMinor: 500, totalMinor: 2100 });
    // The order's own later payload lists the same refund: still 5.00, not 10.00.
    await deliverShopify('orders/updated', snapshot(order));
    row = await orderRow(shopBrand, order.admin_graphql_api_id);
    expect(row!.refundedMinor).toBe(500);
    const second = shopify.refund(order.id, '16.00', at(13));
    await deliverShopify('refunds/create', second);
    row = await orderRow(shopBrand, order.admin_graphql_api_id);
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: 2100 });
    const listed = ((await revenue({ brandId: shopBrand })).json() as Json).orders.find(
      (o: Json) => o.orderNumber === order.name,
    );
    expect(listed).toMatchObject({ total: '21.00', refunded: '21.00', status: 'refunded' });
  });

  it('refuses a wrong signature and another shop’s payload, storing nothing', async () => {
    const order = shopify.checkout(await shopifyLink(1), { at: at(12) });
    const bad = await deliverShopify('orders/create', order, { badSignature: true });
    expect(bad.status).toBe(401);
    expect(await orderRow(shopBrand, order.admin_graphql_api_id)).toBeUndefined();
    // Another shop's genuine order (signed with the same app secret), sent with our shop's domain header.
    const foreign = otherShop.checkout(await shopifyLink(1), { at: at(12) });
    const replayed = await deliverShopify('orders/create', foreign);
    expect(replayed.status).toBe(400);
    expect(await orderRow(shopBrand, foreign.admin_graphql_api_id)).toBeUndefined();
  });

  it('finds an order whose webhook never came by reconciliation, and counts it once with a late webhook', async () => {
    const [connection] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.brandId, shopBrand));
    const missed = shopify.checkout(await shopifyLink(3));
    expect(await orderRow(shopBrand, missed.admin_graphql_api_id)).toBeUndefined();
    const first = await app.catalog.sync.reconcileOrders(connection!.id);
    expect(first.orders).toBeGreaterThan(0);
    const row = await orderRow(shopBrand, missed.admin_graphql_api_id);
    expect(row).toMatchObject({ status: 'paid', totalMinor: 6300, conversationId: shopConversation });
    const [moved] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.id, connection!.id));
    expect(moved!.ordersSyncedUntil).not.toBeNull();
    // The reconciliation agrees with what the webhooks built for every other order.
    const before = await app.database.db.select().from(storeOrders).where(eq(storeOrders.brandId, shopBrand));
    await app.catalog.sync.reconcileOrders(connection!.id);
    await deliverShopify('orders/create', missed);
    const after = await app.database.db.select().from(storeOrders).where(eq(storeOrders.brandId, shopBrand));
    const shape = (rows: typeof before) =>
      rows
        .map((r) => [r.externalId, r.status, r.totalMinor, r.refundedMinor, r.conversationId].join('|'))
        .sort();
    expect(shape(after)).toEqual(shape(before));
  });
});

describe('WooCommerce orders', () => {
  const wooUrl = async () => {
    const [connection] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.brandId, wooBrand));
    return { url: `${baseUrl}/api/webhooks/woocommerce/${connection!.id}`, connection: connection! };
  };
  const secret = () => woo.webhooks.find((w) => w.topic === 'order.created')!.secret;
  const wooLink = (quantity = 1) => checkoutUrl(wooBrand, '1001', quantity, wooConversation);

  it('registers order.created and order.updated, answers the ping, and refuses a wrong signature', async () => {
    expect(woo.webhooks.map((w) => w.topic)).toEqual(
      expect.arrayContaining(['order.created', 'order.updated']),
    );
    const { url } = await wooUrl();
    const ping = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=101',
    });
    expect(ping.status).toBe(200);
    const order = woo.checkout(await wooLink());
    const bad = await woo.deliverWebhook({
      url,
      topic: 'order.created',
      body: order,
      secret: secret(),
      badSignature: true,
    });
    expect(bad.status).toBe(401);
    expect(await orderRow(wooBrand, String(order.id))).toBeUndefined();
  });

  it('carries the link id as utm_content and counts paid (processing with date_paid) once', async () => {
    const link = new URL(await wooLink(2));
    expect(link.searchParams.get('utm_campaign')).toBe('voicecart');
    expect(link.searchParams.get('utm_source')).toBe('instagram');
    expect(link.searchParams.get('utm_medium')).toBe('dm');
    const linkId = link.searchParams.get('utm_content')!;
    const order = woo.checkout(link.toString(), { paid: false, at: at(9) });
    const { url } = await wooUrl();
    const pending = JSON.parse(JSON.stringify(order));
    await woo.deliverWebhook({
      url,
      topic: 'order.created',
      body: pending,
      secret: secret(),
      deliveryId: 'd1',
    });
    expect(await orderRow(wooBrand, String(order.id))).toMatchObject({ status: 'pending', linkId });
    const paid = JSON.parse(JSON.stringify(woo.setStatus(order.id, 'processing', at(8))));
    await woo.deliverWebhook({ url, topic: 'order.updated', body: paid, secret: secret(), deliveryId: 'd2' });
    await woo.deliverWebhook({ url, topic: 'order.updated', body: paid, secret: secret(), deliveryId: 'd2' });
    // The older created payload again, under a new delivery id: changes nothing.
    await woo.deliverWebhook({
      url,
      topic: 'order.created',
      body: pending,
      secret: secret(),
      deliveryId: 'd3',
    });
    expect(await orderRow(wooBrand, String(order.id))).toMatchObject({
      status: 'paid',
      totalMinor: 2400,
      conversationId: wooConversation,
    });
    const refunded = JSON.parse(JSON.stringify(woo.refund(order.id, '4.00', at(7))));
    await woo.deliverWebhook({
      url,
      topic: 'order.updated',
      body: refunded,
      secret: secret(),
      deliveryId: 'd4',
    });
    expect(await orderRow(wooBrand, String(order.id))).toMatchObject({
      status: 'partially_refunded',
      refundedMinor: 400,
    });
    const usd = ((await revenue({ brandId: wooBrand })).json() as Json).totals.find(
      (t: Json) => t.currency === 'USD',
    );
    expect(usd).toMatchObject({ revenue: '20.00', refunded: '4.00', orders: 1 });
  });

  it('finds a missed order by reconciliation (GET /orders?modified_after=)', async () => {
    const order = woo.checkout(await wooLink(1));
    const { connection } = await wooUrl();
    await app.catalog.sync.reconcileOrders(connection.id);
    expect(await orderRow(wooBrand, String(order.id))).toMatchObject({ status: 'paid', totalMinor: 1200 });
    expect(woo.calls.some((call) => call.path === '/wp-json/wc/v3/orders')).toBe(true);
  });
});

describe('GET /api/revenue', () => {
  it('totals per currency side by side for all the user’s brands, with the day and products', async () => {
    const body = (await revenue()).json() as Json;
    expect(body.totals.map((t: Json) => t.currency)).toEqual(['EUR', 'USD']);
    const eur = body.totals.find((t: Json) => t.currency === 'EUR');
    expect(eur.linksSent).toBeGreaterThan(0);
    expect(eur.conversionRate).toBeCloseTo(eur.orders / eur.linksSent, 3);
    expect(body.daily.every((d: Json) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
    const eurDaily = body.daily
      .filter((d: Json) => d.currency === 'EUR')
      .reduce((sum: number, d: Json) => sum + Math.round(Number(d.revenue) * 100), 0);
    expect(eurDaily).toBe(Math.round(Number(eur.revenue) * 100));
    expect(body.topProducts[0]).toMatchObject({
      productTitle: expect.any(String),
      orders: expect.any(Number),
    });
  });

  it('answers 404 for another user’s brand and shows a stranger nothing of ours', async () => {
    expect((await revenue({ brandId: shopBrand }, stranger.cookie)).statusCode).toBe(404);
    const theirs = (await revenue({}, stranger.cookie)).json() as Json;
    expect(theirs).toEqual({ totals: [], daily: [], topProducts: [], orders: [], nextCursor: null });
    const badge = await app.app.inject({
      method: 'GET',
      url: `/api/conversations/${shopConversation}/order`,
      headers: { cookie: stranger.cookie },
    });
    expect(badge.statusCode).toBe(404);
  });

  it('refuses bad ranges with a 400 naming the field', async () => {
    const reversed = await revenue({ from: today, to: monthAgo });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues[0].path).toBe('to');
    const badDate = await revenue({ from: '2026-13-40' });
    expect(badDate.statusCode).toBe(400);
    const tooLong = await revenue({ from: '2020-01-01' });
    expect(tooLong.statusCode).toBe(400);
    const unknown = await revenue({ brand: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('gives the conversation its newest order for the badge', async () => {
    const badge = await app.app.inject({
      method: 'GET',
      url: `/api/conversations/${shopConversation}/order`,
      headers: { cookie: owner.cookie },
    });
    expect(badge.statusCode).toBe(200);
    expect(badge.json().order).toMatchObject({
      orderNumber: expect.stringMatching(/^#\d+$/),
      currency: 'EUR',
    });
  });
});
