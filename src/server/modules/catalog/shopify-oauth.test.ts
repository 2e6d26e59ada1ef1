import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storeConnections } from '#server/db/schema/index.ts';
import { signShopifyQuery } from '#server/integrations/shopify/oauth.ts';
import { createSignedInOwner, createSignedInUser, useTestApp } from '#tests/support/test-app.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
} from '#tests/fakes/shopify-admin.ts';
import { putStore, shopifyConnectBody } from '#tests/support/store-connect.ts';

/** The OAuth install with an HMAC-verified callback, a one-use state and refreshed tokens. */
let shopify: FakeShopifyAdmin;
let cookie: string;
let brandId: string;

const secret = 'app-client-secret';

async function startInstall(): Promise<URL> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/brands/${brandId}/store/shopify/install?shop=${encodeURIComponent(shopify.shopDomain)}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location as string);
}

/** An install started and approved by the merchant: the callback's parameters, with the approved `code`. */
async function approvedInstall(code: string) {
  const state = (await startInstall()).searchParams.get('state')!;
  shopify.oauth.codes.add(code);
  return { code, shop: shopify.shopDomain, state, timestamp: String(Math.floor(Date.now() / 1000)) };
}

function callback(params: Record<string, string>, sign = true, as: string | null = cookie) {
  const query = { ...params, ...(sign ? { hmac: signShopifyQuery(params, secret) } : {}) };
  return app.app.inject({
    method: 'GET',
    url: `/api/shopify/callback?${new URLSearchParams(query)}`,
    headers: as ? { cookie: as } : {},
  });
}

const app = useTestApp({
  env: {
    ALLOW_LOOPBACK_STORES: 'true',
    SHOPIFY_API_KEY: 'app-client-id',
    SHOPIFY_API_SECRET: secret,
    PUBLIC_URL: 'https://app.voicecart.test',
  },
});
beforeAll(async () => {
  shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(5) });
  const owner = await createSignedInOwner(app.database.db, { name: 'O', username: 'o' });
  cookie = owner.cookie;
  brandId = owner.brand.id;
});
afterAll(async () => {
  await shopify.close();
});

describe('Shopify OAuth install', () => {
  it('sends the browser to the authorize page with our scopes, redirect URI and a state', async () => {
    const url = await startInstall();
    expect(`${url.origin}${url.pathname}`).toBe(`${shopify.url}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('app-client-id');
    expect(url.searchParams.get('scope')).toBe('read_products,read_inventory,read_orders');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.voicecart.test/api/shopify/callback');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a callback with a bad HMAC, an unknown state, another shop or a stale timestamp', async () => {
    const base = await approvedInstall('code-1');
    const now = base.timestamp;
    expect((await callback({ ...base, hmac: 'ab'.repeat(32) }, false)).statusCode).toBe(400);
    expect((await callback({ ...base, state: 'not-ours' })).statusCode).toBe(400);
    expect((await callback({ ...base, timestamp: String(Number(now) - 7200) })).statusCode).toBe(400);
    expect((await callback({ ...base, shop: 'other.myshopify.com' })).statusCode).toBe(400);
    // The state was used by the attempt above: a good callback with it is refused too.
    expect((await callback(base)).statusCode).toBe(400);
    expect(await app.database.db.select().from(storeConnections)).toEqual([]);
  });

  it('exchanges the code for an expiring token, connects, and refreshes the token before it runs out', async () => {
    const response = await callback(await approvedInstall('code-2'));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard/shopify');
    const [row] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.brandId, brandId));
    const credentials = JSON.parse(
      app.secretBox.open(row!.sealedCredentials!, 'store-credentials'),
    ) as Record<string, string>;
    expect(credentials).toMatchObject({
      platform: 'shopify',
      accessToken: 'shpat_oauth_1',
      refreshToken: 'shprt_1',
    });
    expect(Date.parse(credentials.expiresAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);

    // Four minutes left: the next use refreshes first and stores the new pair together.
    const expiring = { ...credentials, expiresAt: new Date(Date.now() + 4 * 60_000).toISOString() };
    await app.database.db
      .update(storeConnections)
      .set({ sealedCredentials: app.secretBox.seal(JSON.stringify(expiring), 'store-credentials') })
      .where(eq(storeConnections.id, row!.id));
    await app.catalog.sync.runSync(row!.id);
    const [after] = await app.database.db
      .select()
      .from(storeConnections)
      .where(eq(storeConnections.id, row!.id));
    expect(after!.syncState).toBe('done');
    const refreshed = JSON.parse(
      app.secretBox.open(after!.sealedCredentials!, 'store-credentials'),
    ) as Record<string, string>;
    expect(refreshed).toMatchObject({ accessToken: 'shpat_oauth_2', refreshToken: 'shprt_2' });
    expect(shopify.calls.at(-1)!.accessToken).toBe('shpat_oauth_2');
  });

  it('refuses a callback finished by no session or by another user, and keeps the state for its owner', async () => {
    await app.app.inject({ method: 'DELETE', url: `/api/brands/${brandId}/store`, headers: { cookie } });
    const base = await approvedInstall('code-x');
    expect((await callback(base, true, null)).statusCode).toBe(401);
    const { cookie: otherCookie } = await createSignedInUser(app.database.db);
    expect((await callback(base, true, otherCookie)).statusCode).toBe(400);
    expect(await app.database.db.select().from(storeConnections)).toEqual([]);
    // The owner's own browser still completes it; then the shop is disconnected for the next test.
    expect((await callback(base)).statusCode).toBe(302);
    await app.app.inject({ method: 'DELETE', url: `/api/brands/${brandId}/store`, headers: { cookie } });
  });

  it("refuses a shop already connected to another account's brand until its owner disconnects it", async () => {
    const { cookie: otherCookie, brand: otherBrand } = await createSignedInOwner(app.database.db, {
      name: 'Theirs',
      username: 'theirs',
    });
    const connected = await putStore(app, otherCookie, otherBrand.id, shopifyConnectBody(shopify));
    expect(connected.statusCode).toBe(200);

    const taken = await callback(await approvedInstall('code-taken'));
    expect(taken.statusCode).toBe(409);
    const pasted = await putStore(app, cookie, brandId, shopifyConnectBody(shopify));
    expect(pasted.statusCode).toBe(409);
    const rows = await app.database.db.select().from(storeConnections);
    expect(rows.map((row) => row.brandId)).toEqual([otherBrand!.id]);

    const freed = await app.app.inject({
      method: 'DELETE',
      url: `/api/brands/${otherBrand!.id}/store`,
      headers: { cookie: otherCookie },
    });
    expect(freed.statusCode).toBe(204);
  });
});
