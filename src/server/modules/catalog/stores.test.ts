import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogVariants, storeConnections } from '#server/db/schema/index.ts';
import { catalogReconcileJob } from '#server/jobs/definitions.ts';
import { signShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';
import { signWooWebhook } from '#server/integrations/woocommerce/rest-client.ts';
import {
  createSignedInOwner,
  createSignedInUser,
  createTestApp,
  type TestApp,
  useTestApp,
} from '#tests/support/test-app.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
} from '#tests/fakes/shopify-admin.ts';
import { makeWooProducts, startFakeWooCommerce, type FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { putStore, shopifyConnectBody, wooConnectBody } from '#tests/support/store-connect.ts';

const SHOPIFY_SECRET = 'shpss_test_app_secret';
let shopify: FakeShopifyAdmin;
let woo: FakeWooCommerce;
let owner: { cookie: string };
let ownerId: string;
let brandId: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The brand's store as the Store screen reads it. */
const readStore = async (target: TestApp, cookie: string, id: string): Promise<Json> =>
  (await target.app.inject({ method: 'GET', url: `/api/brands/${id}/store`, headers: { cookie } })).json();

const put = (body: unknown, id = brandId) => putStore(app, owner.cookie, id, body);
const storeStatus = () => readStore(app, owner.cookie, brandId);

async function connectionRow() {
  const [row] = await app.database.db
    .select()
    .from(storeConnections)
    .where(eq(storeConnections.brandId, brandId));
  return row;
}

/**
 * A products/* webhook body as Shopify sends it: one product with one size option and one variant of that size,
 * whose stock Shopify tracks and does not sell past.
 */
function shopifyProductBody(product: {
  id: number;
  title: string;
  updatedAt: string;
  size: string;
  variant: {
    id: number;
    title: string;
    sku: string;
    price: string;
    quantity: number;
    inventoryItemId: number;
  };
}) {
  const { variant } = product;
  return {
    id: product.id,
    admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
    title: product.title,
    updated_at: product.updatedAt,
    options: [{ name: 'Size', values: [product.size] }],
    variants: [
      {
        id: variant.id,
        admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
        title: variant.title,
        sku: variant.sku,
        price: variant.price,
        inventory_quantity: variant.quantity,
        inventory_policy: 'deny',
        inventory_management: 'shopify',
        inventory_item_id: variant.inventoryItemId,
        option1: product.size,
      },
    ],
  };
}

function injectShopifyWebhook(input: {
  topic: string;
  body: unknown;
  eventId: string;
  secret?: string;
  /** Defaults to now; null sends no header. */
  triggeredAt?: string | null;
}) {
  const raw = Buffer.from(JSON.stringify(input.body));
  return app.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': signShopifyWebhook(raw, input.secret ?? SHOPIFY_SECRET),
      'x-shopify-topic': input.topic,
      'x-shopify-shop-domain': shopify.shopDomain,
      'x-shopify-event-id': input.eventId,
      'x-shopify-webhook-id': `wh-${input.eventId}`,
      ...(input.triggeredAt !== null
        ? { 'x-shopify-triggered-at': input.triggeredAt ?? new Date().toISOString() }
        : {}),
    },
    payload: raw,
  });
}

const app = useTestApp({
  env: {
    ALLOW_LOOPBACK_STORES: 'true',
    SHOPIFY_API_SECRET: SHOPIFY_SECRET,
    PUBLIC_URL: 'https://app.voicecart.test',
  },
});
beforeAll(async () => {
  shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(25) });
  const wooData = makeWooProducts(12);
  woo = await startFakeWooCommerce(wooData);
  const signedIn = await createSignedInOwner(app.database.db);
  ownerId = signedIn.user.id;
  owner = { cookie: signedIn.cookie };
  brandId = signedIn.brand.id;
});
afterAll(async () => {
  await shopify.close();
  await woo.close();
});

describe('Shopify connection', () => {
  beforeEach(() => {
    shopify.delayMs = 0;
  });

  it('refuses a bad token with a 400 naming it, storing nothing', async () => {
    const response = await put({ ...shopifyConnectBody(shopify), accessToken: 'shpat_wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      issues: [{ path: 'accessToken', message: expect.stringContaining('bad credentials') }],
    });
    expect(response.body).not.toContain('shpat_wrong');
    expect(await connectionRow()).toBeUndefined();
  });

  it('refuses an address that is not a Shopify API and one that does not answer', async () => {
    const notAStore = await put({
      platform: 'shopify',
      shopDomain: woo.url.replace('http://', ''),
      accessToken: 'x',
    });
    expect(notAStore.statusCode).toBe(400);
    expect(notAStore.json().message).toContain('not a store');
    const unreachable = await put({ platform: 'shopify', shopDomain: '127.0.0.1:1', accessToken: 'x' });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toContain('unreachable');
  });

  it('connects with a good token, seals it, and the first sync pages through the store', async () => {
    const response = await put(shopifyConnectBody(shopify));
    expect(response.statusCode).toBe(200);
    const body = response.json() as Json;
    expect(body).toMatchObject({
      platform: 'shopify',
      name: 'Acme Outfitters',
      currency: 'EUR',
      storeAddress: shopify.shopDomain,
    });
    expect(response.body).not.toContain(shopify.accessToken);
    const row = await connectionRow();
    expect(row!.sealedCredentials).toMatch(/^v2\./);
    expect(row!.sealedCredentials).not.toContain(shopify.accessToken);
    // The test call is the shop query (the order webhooks are subscribed after it).
    expect(shopify.calls.some((call) => call.query.includes('myshopifyDomain'))).toBe(true);

    await app.catalog.sync.runSync(row!.id);
    const status = await storeStatus();
    expect(status.connection).toMatchObject({
      productCount: 25,
      variantCount: 75,
      sync: { state: 'done', done: 25 },
    });
    const pages = shopify.calls.filter((call) => call.query.includes('products('));
    expect(pages.length).toBe(4);
    expect(pages[1]!.variables.after).toBeTruthy();
  });

  it('backs off and retries when Shopify answers THROTTLED', async () => {
    const row = await connectionRow();
    shopify.throttleNext(2);
    const before = shopify.calls.length;
    await app.catalog.sync.runSync(row!.id);
    expect((await connectionRow())!.syncState).toBe('done');
    expect(shopify.calls.length - before).toBe(4 + 2);
  });

  it('checks stock live, and falls back to the mirror with its age when the store is too slow', async () => {
    const [variant] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.externalId, 'gid://shopify/ProductVariant/101'));
    shopify.findVariant('gid://shopify/ProductVariant/101')!.inventoryQuantity = 42;
    const live = await app.catalog.answers.checkStock({ brandId, variantId: variant!.id });
    expect(live).toMatchObject({ source: 'live', quantity: 42, currency: 'EUR' });
    const [mirrored] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.id, variant!.id));
    expect(mirrored!.stockQuantity).toBe(42);

    shopify.findVariant('gid://shopify/ProductVariant/101')!.inventoryQuantity = 7;
    // The store answers long after the deadline, so the margin holds on a loaded machine too.
    shopify.delayMs = 3000;
    const started = Date.now();
    const fallback = await app.catalog.answers.checkStock({
      brandId,
      variantId: variant!.id,
      deadlineMs: 150,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fallback).toMatchObject({
      source: 'mirror',
      quantity: 42,
      asOf: mirrored!.syncedAt.toISOString(),
    });
  });

  it('builds the cart permalink with ref and the conversation attribute', async () => {
    const [variant] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.externalId, 'gid://shopify/ProductVariant/102'));
    const { url } = await app.catalog.answers.checkoutLink({
      brandId,
      variantId: variant!.id,
      quantity: 3,
      conversationId: 'conv-9',
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`http://${shopify.shopDomain}/cart/102:3`);
    // The link's own id travels as a cart attribute and in ref, with the conversation attribute kept.
    const linkId = parsed.searchParams.get('attributes[voicecart_link]');
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(parsed.searchParams.get('ref')).toBe(`voicecart-${linkId}`);
    expect(parsed.searchParams.get('attributes[voicecart_conversation]')).toBe('conv-9');
  });

  it('applies signed webhooks once, refuses bad signatures, and never lets an older event win', async () => {
    const product = shopifyProductBody({
      id: 3,
      title: 'Renamed Jacket 3',
      updatedAt: '2026-11-10T10:00:00Z',
      size: 'M',
      variant: { id: 301, title: 'M', sku: 'N-301', price: '99.00', quantity: 4, inventoryItemId: 9301 },
    });
    const bad = await injectShopifyWebhook({
      topic: 'products/update',
      body: product,
      eventId: 'e-1',
      secret: 'wrong',
    });
    expect(bad.statusCode).toBe(401);

    const first = await injectShopifyWebhook({ topic: 'products/update', body: product, eventId: 'e-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false });
    const replay = await injectShopifyWebhook({
      topic: 'products/update',
      body: { ...product, title: 'Replayed' },
      eventId: 'e-1',
    });
    expect(replay.json()).toMatchObject({ duplicate: true });
    const older = await injectShopifyWebhook({
      topic: 'products/update',
      body: { ...product, title: 'Stale title', updated_at: '2026-11-09T10:00:00Z' },
      eventId: 'e-0',
    });
    expect(older.statusCode).toBe(200);
    const { rows } = await app.database.executeSql(
      `select title from catalog_products where external_id = 'gid://shopify/Product/3'`,
    );
    expect(rows[0]!.title).toBe('Renamed Jacket 3');
    expect((await connectionRow())!.lastWebhookAt).not.toBeNull();

    const deleted = await injectShopifyWebhook({
      topic: 'products/delete',
      body: { id: 3 },
      eventId: 'e-2',
    });
    expect(deleted.statusCode).toBe(200);
    const { rows: gone } = await app.database.executeSql(
      `select count(*)::int as n from catalog_products where external_id = 'gid://shopify/Product/3'`,
    );
    expect(Number(gone[0]!.n)).toBe(0);
  });

  it('acknowledges but never applies a delivery whose X-Shopify-Triggered-At is missing or far off', async () => {
    const product = (title: string) => ({
      id: 3001,
      admin_graphql_api_id: 'gid://shopify/Product/3001',
      title,
      updated_at: new Date().toISOString(),
      variants: [{ id: 30010, title: 'Default Title', sku: 'T-1', price: '5.00', inventory_quantity: 1 }],
    });
    const count = async () =>
      Number(
        (
          await app.database.executeSql(
            `select count(*)::int as n from catalog_products where external_id = 'gid://shopify/Product/3001'`,
          )
        ).rows[0]!.n,
      );
    const hour = 60 * 60 * 1000;
    for (const [triggeredAt, eventId] of [
      [null, 'far-1'],
      ['not a date', 'far-2'],
      [new Date(Date.now() - 49 * hour).toISOString(), 'far-3'],
      [new Date(Date.now() + 10 * 60 * 1000).toISOString(), 'far-4'],
    ] as const) {
      const ignored = await injectShopifyWebhook({
        topic: 'products/create',
        body: product('Replayed'),
        eventId,
        triggeredAt,
      });
      expect(ignored.statusCode).toBe(200);
      expect(ignored.json()).toEqual({ ok: true, ignored: true });
    }
    expect(await count()).toBe(0);
    // Stored nothing, so the same event id still applies once it arrives in time (an hour old is in time).
    const recent = await injectShopifyWebhook({
      topic: 'products/create',
      body: product('On time'),
      eventId: 'far-1',
      triggeredAt: new Date(Date.now() - hour).toISOString(),
    });
    expect(recent.json()).toEqual({ ok: true, duplicate: false });
    expect(await count()).toBe(1);
  });

  it('refuses the shop already connected here to a second brand (409), so its webhooks have one brand', async () => {
    const other = await createSignedInOwner(app.database.db, { name: 'Other', username: 'other' });
    const response = await putStore(app, other.cookie, other.brand.id, shopifyConnectBody(shopify));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('already connected to another brand');
    const { rows } = await app.database.executeSql(
      `select count(*)::int as n from store_connections where platform = 'shopify'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('maps inventory_levels/update to its variant and re-reads it live', async () => {
    const product = shopifyProductBody({
      id: 4,
      title: 'Everyday Jeans 4',
      updatedAt: '2026-11-12T10:00:00Z',
      size: 'XS',
      variant: {
        id: 400,
        title: 'XS / Black',
        sku: 'S-400',
        price: '24.00',
        quantity: 1,
        inventoryItemId: 7400,
      },
    });
    await injectShopifyWebhook({ topic: 'products/update', body: product, eventId: 'e-10' });
    const live = shopify.findVariant('gid://shopify/ProductVariant/400')!;
    live.inventoryQuantity = 11;
    live.inventoryPolicy = 'CONTINUE';
    const response = await injectShopifyWebhook({
      topic: 'inventory_levels/update',
      body: { inventory_item_id: 7400, location_id: 1, available: 11, updated_at: '2026-11-12T11:00:00Z' },
      eventId: 'e-11',
    });
    expect(response.statusCode).toBe(200);
    const [variant] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.externalId, 'gid://shopify/ProductVariant/400'));
    expect(variant!.stockQuantity).toBe(11);
    // The same write as the live stock check: the inventory policy comes along too.
    expect(variant!.inventoryPolicy).toBe('continue');
  });

  it('writes nothing to the mirror when an inventory webhook finds the level unchanged', async () => {
    const rowVersion = async () => {
      const { rows } = await app.database.executeSql(
        `select xmin::text as version, synced_at from catalog_variants
         where external_id = 'gid://shopify/ProductVariant/400'`,
      );
      return rows[0] as { version: string; synced_at: unknown };
    };
    const before = await rowVersion();
    const readsBefore = shopify.calls.filter((call) => call.query.includes('productVariant(')).length;
    // The store still says 11, continue: what the previous test's webhook wrote.
    const response = await injectShopifyWebhook({
      topic: 'inventory_levels/update',
      body: { inventory_item_id: 7400, location_id: 1, available: 11, updated_at: '2026-11-12T11:05:00Z' },
      eventId: 'e-12',
    });
    expect(response.json()).toMatchObject({ duplicate: false });
    // The webhook did ask the store, and the same figure within the minute left the row as it was.
    expect(shopify.calls.filter((call) => call.query.includes('productVariant(')).length).toBe(
      readsBefore + 1,
    );
    expect(await rowVersion()).toEqual(before);

    // A changed level is written at once.
    shopify.findVariant('gid://shopify/ProductVariant/400')!.inventoryQuantity = 3;
    await injectShopifyWebhook({
      topic: 'inventory_levels/update',
      body: { inventory_item_id: 7400, location_id: 1, available: 3, updated_at: '2026-11-12T11:10:00Z' },
      eventId: 'e-13',
    });
    const [variant] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.externalId, 'gid://shopify/ProductVariant/400'));
    expect(variant!.stockQuantity).toBe(3);
    expect((await rowVersion()).version).not.toBe(before.version);
  });
});

describe('WooCommerce connection', () => {
  it('refuses bad keys and a non-store address with a 400 naming what failed', async () => {
    const badKeys = await put({ ...wooConnectBody(woo), consumerKey: 'ck_no', consumerSecret: 'cs_no' });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json()).toMatchObject({ issues: [{ path: 'consumerKey' }] });
    expect(badKeys.body).not.toContain('cs_no');
    const notAStore = await put({
      platform: 'woocommerce',
      storeUrl: shopify.url,
      consumerKey: 'ck',
      consumerSecret: 'cs',
    });
    expect(notAStore.statusCode).toBe(400);
    expect(notAStore.json().message).toContain('not a store');
  });

  it('connects, registers its signed product and order webhooks, syncs variations, and builds checkout links', async () => {
    const response = await put(wooConnectBody(woo));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(woo.consumerSecret);
    const connection = response.json() as Json;
    expect(woo.webhooks.map((w) => w.topic).sort()).toEqual([
      'order.created',
      'order.updated',
      'product.created',
      'product.deleted',
      'product.updated',
    ]);
    expect(woo.webhooks[0]!.delivery_url).toBe(
      `https://app.voicecart.test/api/webhooks/woocommerce/${connection.id}`,
    );
    expect(woo.webhooks[0]!.secret.length).toBeGreaterThanOrEqual(32);

    await app.catalog.sync.runSync(connection.id);
    const { rows } = await app.database.executeSql(
      `select (select count(*) from catalog_products where connection_id = $1)::int as products,
              (select count(*) from catalog_variants where connection_id = $1)::int as variants`,
      [connection.id],
    );
    // 12 products, 4 of them variable with 3 variations each: 8 simple + 12 variations.
    expect(rows[0]).toEqual({ products: 12, variants: 20 });

    const [variation] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.externalId, '10001'));
    const link = await app.catalog.answers.checkoutLink({ brandId, variantId: variation!.id, quantity: 2 });
    // The link's own id rides along as WooCommerce order attribution's utm_content.
    expect(link.url).toMatch(
      new RegExp(
        `^${woo.url}/checkout-link/\\?products=10001%3A2&utm_source=instagram&utm_medium=dm&utm_campaign=voicecart&utm_content=[A-Za-z0-9_-]{12}$`,
      ),
    );
    const live = await app.catalog.answers.checkStock({ brandId, variantId: variation!.id });
    expect(live).toMatchObject({
      source: 'live',
      quantity: 1,
      availableForSale: true,
      price: '35.00',
      currency: 'EUR',
    });
    expect(connection.currency).toBe('EUR');

    await app.database.db
      .update(storeConnections)
      .set({ checkoutStyle: 'add-to-cart' })
      .where(eq(storeConnections.id, connection.id));
    // The service keeps a brand's connection row for a second (connectionOfBrand): the change shows after it.
    let legacy = new URL(link.url);
    const changedBy = Date.now() + 5000;
    while (!legacy.searchParams.has('add-to-cart') && Date.now() < changedBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      legacy = new URL(
        (await app.catalog.answers.checkoutLink({ brandId, variantId: variation!.id, quantity: 2 })).url,
      );
    }
    expect(Object.fromEntries(legacy.searchParams)).toEqual({
      'add-to-cart': '1000',
      variation_id: '10001',
      attribute_pa_size: 'm',
      quantity: '2',
      utm_source: 'instagram',
      utm_medium: 'dm',
      utm_campaign: 'voicecart',
      utm_content: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
    });
  });

  it('applies signed webhooks once and refuses unsigned or wrongly signed ones', async () => {
    const row = await connectionRow();
    const secret = app.secretBox.open(row!.sealedWebhookSecret!, 'store-webhook-secret');
    const url = `/api/webhooks/woocommerce/${row!.id}`;
    const product = {
      ...woo.products[1]!,
      name: 'Wool Socks Deluxe',
      date_modified_gmt: '2026-11-15T10:00:00',
    };
    const send = (body: unknown, signWith: string, deliveryId: string) => {
      const raw = Buffer.from(JSON.stringify(body));
      return app.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'x-wc-webhook-topic': 'product.updated',
          'x-wc-webhook-signature': signWooWebhook(raw, signWith),
          'x-wc-webhook-delivery-id': deliveryId,
        },
        payload: raw,
      });
    };
    expect((await send(product, 'wrong', 'd-1')).statusCode).toBe(401);
    expect((await send(product, secret, 'd-1')).json()).toMatchObject({ duplicate: false });
    expect((await send({ ...product, name: 'Again' }, secret, 'd-1')).json()).toMatchObject({
      duplicate: true,
    });
    expect(
      (await send({ ...product, name: 'Older', date_modified_gmt: '2026-11-14T10:00:00' }, secret, 'd-0'))
        .statusCode,
    ).toBe(200);
    const { rows } = await app.database.executeSql(
      `select title from catalog_products where connection_id = $1 and external_id = '1001'`,
      [row!.id],
    );
    expect(rows[0]!.title).toBe('Wool Socks Deluxe');
    const ping = await app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=100',
    });
    expect(ping.statusCode).toBe(200);
    const stranger = await app.app.inject({
      method: 'POST',
      url: '/api/webhooks/woocommerce/00000000-0000-4000-8000-000000000000',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('exactly once and older stores', () => {
  it('applies two simultaneous deliveries of one Shopify event once', async () => {
    expect((await put(shopifyConnectBody(shopify))).statusCode).toBe(200);
    const body = {
      id: 5,
      admin_graphql_api_id: 'gid://shopify/Product/5',
      title: 'Raced Shorts 5',
      updated_at: '2026-11-20T10:00:00Z',
      options: [],
      variants: [],
    };
    const [a, b] = await Promise.all([
      injectShopifyWebhook({ topic: 'products/update', body, eventId: 'race-1' }),
      injectShopifyWebhook({ topic: 'products/update', body, eventId: 'race-1' }),
    ]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    const { rows } = await app.database.executeSql(
      `select count(*)::int as n from catalog_webhook_events where event_key = 'race-1'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('links an older WooCommerce store (no /checkout-link/) with ?add-to-cart=', async () => {
    const legacy = await startFakeWooCommerce(makeWooProducts(3));
    legacy.legacyCheckout = true;
    try {
      const response = await put(wooConnectBody(legacy));
      expect(response.statusCode).toBe(200);
      await app.catalog.sync.runSync(response.json().id);
      const [simple] = await app.database.db
        .select()
        .from(catalogVariants)
        .where(eq(catalogVariants.externalId, '1001'));
      const { url } = await app.catalog.answers.checkoutLink({ brandId, variantId: simple!.id, quantity: 1 });
      expect(url).toMatch(
        new RegExp(
          `^${legacy.url}/\\?add-to-cart=1001&quantity=1&utm_source=instagram&utm_medium=dm&utm_campaign=voicecart&utm_content=[A-Za-z0-9_-]{12}$`,
        ),
      );
    } finally {
      await legacy.close();
    }
  });

  it('runs the first sync as a background job when workers run, and reconciliation re-syncs', async () => {
    const withWorkers = await createTestApp({ workers: true, env: { ALLOW_LOOPBACK_STORES: 'true' } });
    try {
      const { cookie, brand } = await createSignedInOwner(withWorkers.database.db, {
        name: 'J',
        username: 'j',
      });
      const response = await putStore(withWorkers, cookie, brand.id, shopifyConnectBody(shopify));
      expect(response.statusCode).toBe(200);
      expect(response.json().productCount).toBe(0);
      await expect
        .poll(async () => (await readStore(withWorkers, cookie, brand.id)).connection.sync.state, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe('done');
      const status = await readStore(withWorkers, cookie, brand.id);
      expect(status.connection.productCount).toBe(shopify.products.length);

      // A change no webhook told us about is caught by the periodic reconciliation job.
      const original = shopify.products[0]!.title;
      shopify.products[0]!.title = 'Reconciled Title';
      shopify.products[0]!.updatedAt = '2026-12-01T00:00:00Z';
      try {
        await withWorkers.jobs.send(catalogReconcileJob, {});
        await expect
          .poll(
            async () =>
              (
                await withWorkers.database.executeSql(
                  `select count(*)::int as n from catalog_products where title = 'Reconciled Title' and connection_id = $1`,
                  [status.connection.id],
                )
              ).rows[0]!.n,
            { timeout: 20_000, interval: 250 },
          )
          .toBe(1);
      } finally {
        shopify.products[0]!.title = original;
      }
    } finally {
      await withWorkers.close();
    }
  }, 60_000);
});

describe('sync at scale', () => {
  it('syncs 1,000 Shopify products across 125 pages of 8', async () => {
    const big = await startFakeShopifyAdmin({
      products: makeShopifyProducts(1000, { variantsPerProduct: 2 }),
    });
    try {
      const response = await put(shopifyConnectBody(big));
      expect(response.statusCode).toBe(200);
      await app.catalog.sync.runSync(response.json().id);
      const status = await storeStatus();
      expect(status.connection).toMatchObject({
        productCount: 1000,
        variantCount: 2000,
        sync: { state: 'done', done: 1000 },
      });
      const pages = new Set(
        big.calls
          .filter((call) => call.query.includes('products('))
          .map((call) => String(call.variables.after)),
      );
      expect(pages.size).toBe(125);
    } finally {
      await big.close();
    }
  }, 120_000);

  it('syncs 1,000 WooCommerce products across 10 pages with their variations', async () => {
    const data = makeWooProducts(1000);
    const big = await startFakeWooCommerce(data);
    try {
      const response = await put(wooConnectBody(big));
      expect(response.statusCode).toBe(200);
      await app.catalog.sync.runSync(response.json().id);
      const connection = (await connectionRow())!;
      expect(connection).toMatchObject({ syncState: 'done', syncDone: 1000, syncTotal: 1000 });
      expect(big.calls.filter((call) => call.path === '/wp-json/wc/v3/products').length).toBe(1 + 10);
      const { rows } = await app.database.executeSql(
        'select count(*)::int as n from catalog_variants where connection_id = $1',
        [connection.id],
      );
      expect(Number(rows[0]!.n)).toBe(334 * 3 + 666);
    } finally {
      await big.close();
    }
  }, 120_000);
});

describe('ownership', () => {
  it("keeps one brand owner out of another brand's store", async () => {
    const { cookie } = await createSignedInUser(app.database.db);
    for (const [method, url] of [
      ['GET', `/api/brands/${brandId}/store`],
      ['PUT', `/api/brands/${brandId}/store`],
      ['DELETE', `/api/brands/${brandId}/store`],
      ['POST', `/api/brands/${brandId}/store/sync`],
      ['GET', `/api/brands/${brandId}/store/find?q=hoodie`],
      ['GET', `/api/brands/${brandId}/store/shopify/install?shop=acme.myshopify.com`],
    ] as const) {
      const response = await app.app.inject({
        method,
        url,
        headers: { cookie, ...(method === 'PUT' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'PUT' ? { payload: JSON.stringify({ platform: 'sample' }) } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await connectionRow()).toBeDefined();
    void ownerId;
  });
});
