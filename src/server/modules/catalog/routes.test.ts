import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { storeConnections } from '#server/db/schema/index.ts';
import { signShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';
import { createSignedInOwner, createTestUser, signInAs, useTestApp } from '#tests/support/test-app.ts';

/** Every new catalog endpoint: access rules, address refusals with loopback off, and fuzzed bodies (never a 5xx). */
let owner: { cookie: string };
let unverified: { cookie: string };
let brandId: string;

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const endpoints = (): [Method, string, unknown?][] => [
  ['GET', `/api/brands/${brandId}/store`],
  ['PUT', `/api/brands/${brandId}/store`, { platform: 'sample' }],
  ['POST', `/api/brands/${brandId}/store/sync`],
  ['GET', `/api/brands/${brandId}/store/find?q=hoodie`],
  ['GET', `/api/brands/${brandId}/store/shopify/install?shop=acme.myshopify.com`],
  ['DELETE', `/api/brands/${brandId}/store`],
];

const send = (
  method: Method,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
  remoteAddress = '127.0.0.1',
) =>
  app.app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

/** A new client address per fuzz run: each body reaches its handler, never the per-address rate limit. */
let fuzzRuns = 0;
const fuzzAddress = () => `198.51.100.${(fuzzRuns += 1) % 250}`;

const app = useTestApp({
  env: { SHOPIFY_API_SECRET: 'secret', SHOPIFY_API_KEY: 'client', ALLOW_LOOPBACK_STORES: 'false' },
});
beforeAll(async () => {
  const created = await createSignedInOwner(app.database.db);
  owner = { cookie: created.cookie };
  brandId = created.brand.id;
  const pending = await createTestUser(app.database.db, { verified: false });
  unverified = await signInAs(app.database.db, pending.id);
});

describe('access', () => {
  it('answers 401 signed out, 403 under review, 403 cross-origin on writes', async () => {
    for (const [method, url, body] of endpoints()) {
      expect((await send(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await send(method, url, { cookie: unverified.cookie }, body)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
      if (method !== 'GET') {
        const response = await send(
          method,
          url,
          { cookie: owner.cookie, origin: 'https://evil.example' },
          body,
        );
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await app.database.db.select().from(storeConnections)).toEqual([]);
  });

  it('answers 404 for a brand id that is not a uuid or not there', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await send('GET', `/api/brands/${id}/store`, { cookie: owner.cookie });
      expect([400, 404]).toContain(response.statusCode);
    }
  });

  it('Sync now and Find without a store: 409 and an empty answer', async () => {
    expect(
      (await send('POST', `/api/brands/${brandId}/store/sync`, { cookie: owner.cookie })).statusCode,
    ).toBe(409);
    const find = await send('GET', `/api/brands/${brandId}/store/find?q=hoodie`, { cookie: owner.cookie });
    expect(find.json()).toMatchObject({ outcome: 'none', matches: [] });
  });
});

describe('store addresses with loopback stores off', () => {
  it.each([
    [{ platform: 'shopify', shopDomain: '127.0.0.1:8080', accessToken: 't' }, 'shopDomain'],
    [{ platform: 'shopify', shopDomain: 'evil.example.com', accessToken: 't' }, 'shopDomain'],
    [
      { platform: 'woocommerce', storeUrl: 'http://shop.example', consumerKey: 'ck', consumerSecret: 'cs' },
      'storeUrl',
    ],
    [
      { platform: 'woocommerce', storeUrl: 'https://10.0.0.5', consumerKey: 'ck', consumerSecret: 'cs' },
      'storeUrl',
    ],
    [
      {
        platform: 'woocommerce',
        storeUrl: 'https://169.254.169.254',
        consumerKey: 'ck',
        consumerSecret: 'cs',
      },
      'storeUrl',
    ],
    [
      { platform: 'woocommerce', storeUrl: 'https://[::1]', consumerKey: 'ck', consumerSecret: 'cs' },
      'storeUrl',
    ],
    [
      { platform: 'woocommerce', storeUrl: 'https://localhost', consumerKey: 'ck', consumerSecret: 'cs' },
      'storeUrl',
    ],
    [
      { platform: 'woocommerce', storeUrl: 'http://127.0.0.1:8080', consumerKey: 'ck', consumerSecret: 'cs' },
      'storeUrl',
    ],
  ])('refuses %j with a 400 naming %s, storing nothing', async (body, field) => {
    const response = await send('PUT', `/api/brands/${brandId}/store`, { cookie: owner.cookie }, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(
      await app.database.db.select().from(storeConnections).where(eq(storeConnections.brandId, brandId)),
    ).toEqual([]);
  });
});

describe('fuzzed bodies never cause a 5xx', () => {
  const anyValue = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.constantFrom(
      'sample',
      'shopify',
      'woocommerce',
      '',
      'https://',
      'http://127.0.0.1:1',
      '__proto__',
      'x'.repeat(600),
    ),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }),
  );
  const body = fc.oneof(
    fc
      .record(
        {
          platform: fc.oneof(fc.constantFrom('sample', 'shopify', 'woocommerce'), anyValue),
          shopDomain: anyValue,
          accessToken: anyValue,
          storeUrl: anyValue,
          consumerKey: anyValue,
          consumerSecret: anyValue,
        },
        { requiredKeys: [] },
      )
      .map((value) => JSON.stringify(value)),
    fc.json(),
    fc.string({ maxLength: 100 }),
  );

  it('PUT /store', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await send(
          'PUT',
          `/api/brands/${brandId}/store`,
          { cookie: owner.cookie },
          payload,
          fuzzAddress(),
        );
        expect(response.statusCode).toBeLessThan(500);
        expect(response.statusCode).not.toBe(429);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('GET /store/find with any text', async () => {
    await send('PUT', `/api/brands/${brandId}/store`, { cookie: owner.cookie }, { platform: 'sample' });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 600 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom('&', '|', '!:*', "'", '\\', 'a & b | !c'),
        ),
        async (q) => {
          const response = await send(
            'GET',
            `/api/brands/${brandId}/store/find?${new URLSearchParams({ q })}`,
            { cookie: owner.cookie },
            undefined,
            fuzzAddress(),
          );
          expect(response.statusCode).toBeLessThan(500);
          expect(response.statusCode).not.toBe(429);
          if (response.statusCode === 200)
            expect(['match', 'ambiguous', 'none']).toContain(response.json().outcome);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('the webhook endpoints with any body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.json(), fc.string({ maxLength: 200 })),
        fc.constantFrom('products/update', 'products/delete', 'inventory_levels/update', 'x'),
        async (payload, topic) => {
          const raw = Buffer.from(payload);
          const signed = await app.app.inject({
            remoteAddress: fuzzAddress(),
            method: 'POST',
            url: '/api/webhooks/shopify',
            headers: {
              'content-type': 'application/json',
              'x-shopify-hmac-sha256': signShopifyWebhook(raw, 'secret'),
              'x-shopify-topic': topic,
              'x-shopify-shop-domain': 'nobody.myshopify.com',
              'x-shopify-event-id': 'e',
            },
            payload: raw,
          });
          expect(signed.statusCode).toBeLessThan(500);
          expect(signed.statusCode).not.toBe(429);
          const unsigned = await app.app.inject({
            remoteAddress: fuzzAddress(),
            method: 'POST',
            url: '/api/webhooks/shopify',
            headers: { 'content-type': 'application/json' },
            payload: raw,
          });
          expect(unsigned.statusCode).toBe(401);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('the Shopify OAuth callback with any query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('code', 'hmac', 'shop', 'state', 'timestamp', 'host', 'x'),
          fc.string({ maxLength: 80 }),
        ),
        async (query) => {
          const response = await app.app.inject({
            remoteAddress: fuzzAddress(),
            method: 'GET',
            url: `/api/shopify/callback?${new URLSearchParams(query)}`,
          });
          expect(response.statusCode).toBeLessThan(500);
          expect(response.statusCode).not.toBe(429);
          expect(response.statusCode).not.toBe(302);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('the sample cart with any items', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (items) => {
        const response = await app.app.inject({
          remoteAddress: fuzzAddress(),
          method: 'GET',
          url: `/api/sample-cart?${new URLSearchParams({ items })}`,
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.statusCode).not.toBe(429);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
