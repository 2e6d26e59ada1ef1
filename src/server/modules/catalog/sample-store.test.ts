import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands, checkoutLinks } from '#server/db/schema/index.ts';
import { createSignedInOwner, requestAs, useTestApp } from '#tests/support/test-app.ts';

let owner: { cookie: string };
let brandId: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const request = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) =>
  requestAs(app, method, url, { cookie: owner.cookie, body });

const app = useTestApp({ env: { PUBLIC_URL: 'https://app.voicecart.test' } });
beforeAll(async () => {
  const created = await createSignedInOwner(app.database.db);
  owner = { cookie: created.cookie };
  brandId = created.brand.id;
});

describe('sample store', () => {
  it('connects with { platform: "sample" }, labelled and with its shipped catalog', async () => {
    expect((await request('GET', `/api/brands/${brandId}/store`)).json()).toEqual({ connection: null });
    const response = await request('PUT', `/api/brands/${brandId}/store`, { platform: 'sample' });
    expect(response.statusCode).toBe(200);
    const connection = response.json() as Json;
    expect(connection).toMatchObject({
      platform: 'sample',
      name: 'Sample store',
      currency: 'USD',
      storeAddress: null,
    });
    expect(connection.productCount).toBeGreaterThanOrEqual(60);
    expect(connection.variantCount).toBeGreaterThan(connection.productCount);
    expect(connection.sync.state).toBe('done');
    expect(JSON.stringify(connection)).not.toMatch(/sealed|secret|token/i);
    const [brand] = await app.database.db.select().from(brands).where(eq(brands.id, brandId));
    expect(brand!.shopifyConnected).toBe(true);
  });

  it('ships sizes, colours and sold-out variants', async () => {
    const { rows } = await app.database.executeSql(
      `select count(*) filter (where not available_for_sale)::int as sold_out,
              count(*) filter (where options::text like '%"Size"%')::int as sized,
              count(*) filter (where options::text like '%"Color"%')::int as coloured
         from catalog_variants`,
    );
    expect(Number(rows[0]!.sold_out)).toBeGreaterThan(10);
    expect(Number(rows[0]!.sized)).toBeGreaterThan(100);
    expect(Number(rows[0]!.coloured)).toBeGreaterThan(100);
  });

  it('answers the three questions and links to our own cart page', async () => {
    const catalog = app.catalog.answers;
    expect(await catalog.hasStore(brandId)).toEqual({ platform: 'sample', name: 'Sample store' });
    const found = await catalog.findProducts({
      brandId,
      text: 'do you have the linen shirt in white, size L?',
    });
    expect(found.outcome).toBe('match');
    expect(found.matches[0]!.product.title).toBe('Linen Button-Down Shirt');
    const variant = found.matches[0]!.product.variants.find((v) => v.id === found.matches[0]!.variantIds[0])!;
    expect(variant.title).toBe('L / White');
    const stock = await catalog.checkStock({ brandId, variantId: variant.id });
    expect(stock).toMatchObject({
      source: 'live',
      quantity: 0,
      availableForSale: false,
      price: '68.00',
      currency: 'USD',
    });
    const { url } = await catalog.checkoutLink({
      brandId,
      variantId: variant.id,
      quantity: 2,
      conversationId: 'c-1',
    });
    // The link's own id is its ref: Place order on the cart page hands it back with the order.
    expect(url).toMatch(
      new RegExp(
        `^https://app\\.voicecart\\.test/cart/sample\\?items=${variant.id}%3A2&ref=[A-Za-z0-9_-]{12}$`,
      ),
    );

    const cart = await app.app.inject({ method: 'GET', url: `/api/sample-cart?items=${variant.id}:2` });
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toMatchObject({
      storeName: 'Sample store',
      lines: [
        {
          productTitle: 'Linen Button-Down Shirt',
          variantTitle: 'L / White',
          quantity: 2,
          unitPrice: '68.00',
        },
      ],
    });
  });

  it('puts several variants with their counts on one basket link, stored once with every line', async () => {
    const catalog = app.catalog.answers;
    const found = await catalog.findProducts({ brandId, text: 'linen shirt in white, size L' });
    const shirt = found.matches[0]!.product;
    const [first, second] = shirt.variants.filter((variant) => variant.availableForSale);
    const { url } = await catalog.basketLink({
      brandId,
      items: [
        { variantId: first!.id, quantity: 2 },
        { variantId: second!.id, quantity: 1 },
      ],
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('items')).toBe(`${first!.id}:2,${second!.id}:1`);
    const ref = parsed.searchParams.get('ref')!;
    const [stored] = await app.database.db
      .select({ items: checkoutLinks.items })
      .from(checkoutLinks)
      .where(eq(checkoutLinks.id, ref));
    expect(stored!.items).toEqual([
      expect.objectContaining({ variantId: first!.id, quantity: 2 }),
      expect.objectContaining({ variantId: second!.id, quantity: 1 }),
    ]);
    const cart = await app.app.inject({
      method: 'GET',
      url: `/api/sample-cart?items=${parsed.searchParams.get('items')}`,
    });
    expect((cart.json() as Json).lines).toHaveLength(2);
    await expect(
      catalog.basketLink({ brandId, items: [{ variantId: first!.id, quantity: 0 }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(catalog.basketLink({ brandId, items: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('runs the three answers through the Find a product endpoint', async () => {
    const response = await request(
      'GET',
      `/api/brands/${brandId}/store/find?q=${encodeURIComponent('hoodi in navy M')}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json() as Json;
    expect(body.matches[0].product.title).toBe('Classic Pullover Hoodie');
    expect(body.requestedOptions).toEqual(
      expect.arrayContaining([
        { name: 'size', value: 'm' },
        { name: 'color', value: 'navy' },
      ]),
    );
    expect(body.outcome, JSON.stringify(body.matches.map((m: Json) => [m.product.title, m.score]))).toBe(
      'match',
    );
    expect(body.stock).toMatchObject({ source: 'live', availableForSale: false });
    // Sold out: no checkout link is offered for it.
    expect(body.checkoutUrl).toBeNull();
    expect(body.latencyMs.total).toBeGreaterThanOrEqual(body.latencyMs.find);
  });

  it('disconnects and removes the catalog', async () => {
    const response = await request('DELETE', `/api/brands/${brandId}/store`);
    expect(response.statusCode).toBe(204);
    const { rows } = await app.database.executeSql('select count(*)::int as n from catalog_products');
    expect(Number(rows[0]!.n)).toBe(0);
    const [brand] = await app.database.db.select().from(brands).where(eq(brands.id, brandId));
    expect(brand!.shopifyConnected).toBe(false);
    expect((await request('GET', `/api/brands/${brandId}/store`)).json()).toEqual({ connection: null });
  });
});
