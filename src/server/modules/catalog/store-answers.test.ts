import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storeConnections } from '#server/db/schema/index.ts';
import { signShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';
import { shopifyDeliveries, startStoreWebhookApp } from '#tests/support/store-webhooks.ts';
import type { TestApp } from '#tests/support/test-app.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
} from '#tests/fakes/shopify-admin.ts';
import { makeWooProducts, startFakeWooCommerce, type FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { shopifyConnectBody, wooConnectBody } from '#tests/support/store-connect.ts';

/**
 * A store answering in a shape we do not expect, through the real routes, sync and webhook endpoints: the
 * connection test says so naming the field, a sync records it as its failure, and a signed webhook body that does
 * not fit is acknowledged (2xx) and changes nothing.
 */
const SHOPIFY_SECRET = 'shpss_answers_secret';
let app: TestApp;
let baseUrl: string;
let shopify: FakeShopifyAdmin;
let woo: FakeWooCommerce;
let put: Awaited<ReturnType<typeof startStoreWebhookApp>>['putStore'];
let shopBrand: string;
let wooBrand: string;
let eventCounter = 0;

async function connectionOf(brandId: string) {
  const [row] = await app.database.db
    .select()
    .from(storeConnections)
    .where(eq(storeConnections.brandId, brandId));
  return row;
}

/** The mirror as rows, to compare before and after a delivery. */
async function mirrorOf(brandId: string) {
  const connection = await connectionOf(brandId);
  const { rows } = await app.database.executeSql(
    `select p.external_id, p.title, v.external_id as variant, v.price, v.stock_quantity
       from catalog_products p join catalog_variants v on v.product_id = p.id
      where p.connection_id = $1 order by p.external_id, v.external_id`,
    [connection!.id],
  );
  return rows;
}

async function countOf(sql: string, params: unknown[]) {
  const { rows } = await app.database.executeSql(sql, params);
  return Number((rows[0] as { n: number }).n);
}

/** What unreadable deliveries told the brand's managers: one notification a store a day, however many came. */
async function unreadableNotices(brandId: string) {
  const { rows } = await app.database.executeSql(
    `select kind, title, link from notifications where brand_id = $1 and source_key like 'store-webhook-unreadable:%'`,
    [brandId],
  );
  return rows;
}

const deliverShopify = shopifyDeliveries(
  () => shopify,
  () => baseUrl,
  SHOPIFY_SECRET,
  'answers',
);

async function deliverWoo(topic: string, body: unknown) {
  eventCounter += 1;
  const connection = await connectionOf(wooBrand);
  return woo.deliverWebhook({
    url: `${baseUrl}/api/webhooks/woocommerce/${connection!.id}`,
    topic,
    body,
    secret: woo.webhooks.find((webhook) => webhook.topic === topic)!.secret,
    deliveryId: `answers-${eventCounter}`,
  });
}

beforeAll(async () => {
  shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(4) });
  woo = await startFakeWooCommerce(makeWooProducts(4));
  ({
    app,
    baseUrl,
    shopBrand,
    wooBrand,
    putStore: put,
  } = await startStoreWebhookApp({
    shopifySecret: SHOPIFY_SECRET,
    usernames: ['answers-shop', 'answers-woo'],
  }));
});
afterAll(async () => {
  await app.close();
  await shopify.close();
  await woo.close();
});

/** The connection test's refusal: a 400 whose one issue is on the field `path`, its message as given. */
function expectRefused(response: Awaited<ReturnType<typeof put>>, path: string, message: unknown) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ issues: [{ path, message }] });
}

describe('Shopify answering unexpectedly', () => {
  it('the connection test says the store answered unexpectedly, naming the field, and stores nothing', async () => {
    shopify.alterNextAnswer((body) => {
      delete body.data.shop.myshopifyDomain;
      return body;
    });
    const response = await put(shopBrand, shopifyConnectBody(shopify));
    expectRefused(
      response,
      'shopDomain',
      expect.stringMatching(
        /^not a store \(The store answered GraphQL Shop unexpectedly at shop\.myshopifyDomain: /,
      ),
    );
    expect(response.body).not.toContain(shopify.accessToken);
    expect(await connectionOf(shopBrand)).toBeUndefined();
  });

  it('a sync records the page it could not read as its failure, and the next sync completes', async () => {
    const connected = await put(shopBrand, shopifyConnectBody(shopify));
    expect(connected.statusCode).toBe(200);
    const { id } = connected.json() as { id: string };
    shopify.alterNextAnswer((body) => {
      body.data.products.nodes[2].variants.nodes[1].price = { amount: '1.00' };
      return body;
    });
    // The job fails too (pg-boss retries it), after the failure is on the connection for the Store screen.
    await expect(app.catalog.sync.runSync(id)).rejects.toThrow('products.nodes[2].variants.nodes[1].price');
    const failed = await connectionOf(shopBrand);
    expect(failed!.syncState).toBe('failed');
    expect(failed!.syncError).toContain('products.nodes[2].variants.nodes[1].price');
    expect(failed!.syncError).toContain('expected string, received object');

    await app.catalog.sync.runSync(id);
    expect((await connectionOf(shopBrand))!.syncState).toBe('done');
    expect(await mirrorOf(shopBrand)).toHaveLength(12);
  });

  it('a signed body that does not fit its topic is acknowledged, ignored with the field, told once, and changes nothing', async () => {
    const before = await mirrorOf(shopBrand);
    expect(await unreadableNotices(shopBrand)).toEqual([]);
    const product = {
      id: 1,
      admin_graphql_api_id: 'gid://shopify/Product/1',
      title: 'Renamed by a broken body',
      updated_at: new Date().toISOString(),
      options: [{ name: 'Size', values: ['XS'] }],
      variants: [{ id: 100, title: 'XS', sku: 'X', price: { amount: '1.00' }, option1: 'XS' }],
    };
    const priceAsObject = await deliverShopify('products/update', product);
    expect(priceAsObject.status).toBe(200);
    expect(await priceAsObject.json()).toEqual({
      ok: true,
      ignored: true,
      reason: 'products/update body at variants[0].price: expected string or number, received object',
    });
    const { id: _id, ...withoutId } = product.variants[0]!;
    const noVariantId = await deliverShopify('products/update', {
      ...product,
      variants: [{ ...withoutId, price: '1.00' }],
    });
    expect(await noVariantId.json()).toMatchObject({
      ignored: true,
      reason: expect.stringContaining('variants[0].id'),
    });
    const raw = Buffer.from('{"id": 1, "title": ');
    const notJson = await app.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': signShopifyWebhook(raw, SHOPIFY_SECRET),
        'x-shopify-topic': 'products/update',
        'x-shopify-shop-domain': shopify.shopDomain,
        'x-shopify-event-id': 'answers-not-json',
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      payload: raw,
    });
    expect(notJson.statusCode).toBe(200);
    expect(notJson.json()).toMatchObject({ ignored: true, reason: 'the body is not JSON' });
    const inventory = await deliverShopify('inventory_levels/update', { location_id: 1, available: 3 });
    expect(await inventory.json()).toMatchObject({ reason: expect.stringContaining('inventory_item_id') });

    expect(await mirrorOf(shopBrand)).toEqual(before);
    // Four unreadable deliveries, one notification to the brand's one manager (its owner), with the first reason.
    expect(await unreadableNotices(shopBrand)).toEqual([
      {
        kind: 'store_sync_failed',
        title:
          'The store sent an update Voicecart could not read (products/update body at variants[0].price: expected ' +
          'string or number, received object); the next scheduled sync brings it in.',
        link: '/dashboard/shopify',
      },
    ]);
    const connection = await connectionOf(shopBrand);
    // Nothing is stored under their event ids: a delivery that is read later is applied once, like any other.
    expect(
      await countOf(
        `select count(*)::int as n from catalog_webhook_events where connection_id = $1 and event_key like 'answers-%'`,
        [connection!.id],
      ),
    ).toBe(0);
  });

  it('an order body with a total of another shape is acknowledged and stores no order', async () => {
    const order = shopify.checkout(`${shopify.url}/cart/100:1?ref=voicecart-answerslink1`);
    const response = await deliverShopify('orders/paid', { ...order, total_price: { amount: '21.00' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ignored: true,
      reason: expect.stringContaining('orders/paid body at total_price'),
    });
    expect(
      await countOf(`select count(*)::int as n from store_orders where brand_id = $1`, [shopBrand]),
    ).toBe(0);
  });
});

describe('WooCommerce answering unexpectedly', () => {
  it('the connection test names the field of the currency answer, and stores nothing', async () => {
    woo.alterNextAnswer((products) => products);
    woo.alterNextAnswer(() => ({ code: 42 }));
    const response = await put(wooBrand, wooConnectBody(woo));
    expectRefused(
      response,
      'storeUrl',
      expect.stringContaining('The store answered GET /data/currencies/current unexpectedly at code'),
    );
    expect(await connectionOf(wooBrand)).toBeUndefined();
  });

  it('a sync records a variation without an id as its failure', async () => {
    const connected = await put(wooBrand, wooConnectBody(woo));
    expect(connected.statusCode).toBe(200);
    const { id } = connected.json() as { id: string };
    woo.alterNextAnswer((products) => products);
    woo.alterNextAnswer((variations) => {
      delete variations[1].id;
      return variations;
    });
    await expect(app.catalog.sync.runSync(id)).rejects.toThrow('[1].id');
    const failed = await connectionOf(wooBrand);
    expect(failed!.syncState).toBe('failed');
    expect(failed!.syncError).toContain('GET /products/1000/variations unexpectedly at [1].id');
    await app.catalog.sync.runSync(id);
    expect((await connectionOf(wooBrand))!.syncState).toBe('done');
  });

  it('a signed product or order body that does not fit is acknowledged and changes nothing', async () => {
    const before = await mirrorOf(wooBrand);
    const product = await deliverWoo('product.updated', {
      ...woo.products[1]!,
      name: 'Renamed by a broken body',
      price: { amount: '1.00' },
    });
    expect(product.status).toBe(200);
    expect(await product.json()).toEqual({
      ok: true,
      ignored: true,
      reason: 'product.updated body at price: expected string or number, received object',
    });
    const order = woo.checkout(`${woo.url}/checkout-link/?products=1001:1`);
    const orderResponse = await deliverWoo('order.created', { ...order, line_items: [{ total: [] }] });
    expect(orderResponse.status).toBe(200);
    expect(await orderResponse.json()).toMatchObject({
      ignored: true,
      reason: expect.stringContaining('order.created body at line_items[0].total'),
    });
    const noId = await deliverWoo('product.deleted', { name: 'no id' });
    expect(await noId.json()).toMatchObject({ ignored: true, reason: expect.stringContaining('at id') });

    expect(await mirrorOf(wooBrand)).toEqual(before);
    expect(await countOf(`select count(*)::int as n from store_orders where brand_id = $1`, [wooBrand])).toBe(
      0,
    );
    expect(await unreadableNotices(wooBrand)).toEqual([
      expect.objectContaining({
        kind: 'store_sync_failed',
        title: expect.stringContaining('(product.updated body at price: expected string or number'),
      }),
    ]);
  });
});
