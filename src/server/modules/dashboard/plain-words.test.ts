import { beforeAll, describe, expect, it } from 'vitest';
import { brands } from '#server/db/schema/index.ts';
import { createSignedInUser, createTestUser, requestAs, useTestApp } from '#tests/support/test-app.ts';

/**
 * What people read when something is refused or missing: sentences, with the field paths kept for programs;
 * "Install with Shopify" on a server without a Shopify app; a second brand for one Instagram account; "Find a
 * product" and a sold-out option. One app and database for the file.
 */
let cookie: string;
let brandId: string;

const request = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
  requestAs(app, method, url, { cookie, body });

const app = useTestApp({ env: { PUBLIC_URL: 'https://app.voicecart.test' } });
beforeAll(async () => {
  ({ cookie } = await createSignedInUser(app.database.db));
  const created = await request('POST', '/api/brands', { name: 'Luna', username: '@Luna.Skin' });
  expect(created.statusCode).toBe(201);
  brandId = created.json().id;
});

describe('plain words', () => {
  it('a refused body reads as sentences and keeps each field path and message for programs', async () => {
    const shop = await request('PUT', `/api/brands/${brandId}/store`, {
      platform: 'shopify',
      shopDomain: 'luna.com',
      accessToken: 'shpat_x',
    });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().message).toContain(
      "That doesn't look like a Shopify address: use your-shop.myshopify.com",
    );
    expect(shop.json().message).not.toMatch(/Invalid body|Too small|expected/);
    expect(shop.json().issues).toEqual(
      expect.arrayContaining([
        {
          path: 'shopDomain',
          message: "That doesn't look like a Shopify address: use your-shop.myshopify.com",
        },
      ]),
    );

    const rule = await request('POST', `/api/brands/${brandId}/automation-rules`, {
      name: '',
      triggerConfig: { type: 'dm_keyword', keywords: ['x'] },
      actionConfig: { type: 'do_nothing' },
      colour: 'red',
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().message).toBe(
      'Name must not be empty. The request has a field it does not take: colour.',
    );
    expect(rule.json().issues).toEqual([
      { path: 'name', message: 'must not be empty' },
      { path: 'body', message: 'has a field it does not take: colour' },
    ]);
  });

  it('"Install with Shopify" without a Shopify app on the server comes back to the Store page, which says so', async () => {
    const install = await request(
      'GET',
      `/api/brands/${brandId}/store/shopify/install?shop=luna.myshopify.com`,
    );
    expect(install.statusCode).toBe(302);
    expect(install.headers.location).toBe(`/dashboard/shopify?brand=${brandId}&install=unavailable`);
  });

  it('refuses a second brand for the same Instagram username, naming the brand that has it', async () => {
    const again = await request('POST', '/api/brands', { name: 'Luna 2', username: 'luna.skin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      '@luna.skin is already the Instagram account of your brand "Luna". Each brand needs its own account.',
    );
    const other = await request('POST', '/api/brands', { name: 'Other', username: 'other.shop' });
    const rename = await request('PATCH', `/api/brands/${other.json().id}`, { username: 'LUNA.SKIN' });
    expect(rename.statusCode).toBe(409);
    // Saving a brand with its own username is not a clash.
    expect((await request('PATCH', `/api/brands/${brandId}`, { username: 'luna.skin' })).statusCode).toBe(
      200,
    );
    // Another workspace may use the name: nothing there is visible from here.
    const stranger = await createTestUser(app.database.db);
    const [theirs] = await app.database.db
      .insert(brands)
      .values({ userId: stranger.id, name: 'Theirs', username: 'shared.name' })
      .returning();
    expect(theirs).toBeDefined();
    expect((await request('POST', '/api/brands', { name: 'Mine', username: 'shared.name' })).statusCode).toBe(
      201,
    );
  });

  it('"Find a product" gives no checkout link for a sold-out option', async () => {
    expect((await request('PUT', `/api/brands/${brandId}/store`, { platform: 'sample' })).statusCode).toBe(
      200,
    );
    const soldOut = await request(
      'GET',
      `/api/brands/${brandId}/store/find?${new URLSearchParams({ q: 'classic pullover hoodie M navy' })}`,
    );
    expect(soldOut.statusCode).toBe(200);
    expect(soldOut.json().stock).toMatchObject({ availableForSale: false });
    expect(soldOut.json().checkoutUrl).toBeNull();
    const inStock = await request(
      'GET',
      `/api/brands/${brandId}/store/find?${new URLSearchParams({ q: 'classic pullover hoodie M black' })}`,
    );
    expect(inStock.json().stock).toMatchObject({ availableForSale: true });
    expect(inStock.json().checkoutUrl).toMatch(/^https?:\/\//);
  });
});
