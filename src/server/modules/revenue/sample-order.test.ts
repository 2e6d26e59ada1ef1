import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogVariants, storeConnections, storeOrders } from '#server/db/schema/index.ts';
import { createSignedInOwner, createTestConversation, useTestApp } from '#tests/support/test-app.ts';

/** The sample store's Place order: a paid order through the same ingestion as a store's webhook. */
let owner: { cookie: string };
let brandId: string;
let conversationId: string;
let variantId: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const today = new Date().toISOString().slice(0, 10);
const place = (body: unknown) =>
  app.app.inject({
    method: 'POST',
    url: '/api/sample-cart/order',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const revenue = async () =>
  (
    await app.app.inject({
      method: 'GET',
      url: `/api/revenue?brandId=${brandId}&from=${today}&to=${today}`,
      headers: { cookie: owner.cookie },
    })
  ).json() as Json;

const app = useTestApp({ env: { PUBLIC_URL: 'https://app.voicecart.test' } });
beforeAll(async () => {
  const db = app.database.db;
  const created = await createSignedInOwner(db, { name: 'Luna', username: 'luna' });
  owner = { cookie: created.cookie };
  brandId = created.brand.id;
  conversationId = (
    await createTestConversation(db, brandId, { customerUsername: 'mia.shops', customerInstagramId: 'ig-9' })
  ).id;
  const connected = await app.app.inject({
    method: 'PUT',
    url: `/api/brands/${brandId}/store`,
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ platform: 'sample' }),
  });
  expect(connected.statusCode).toBe(200);
  const [connection] = await db.select().from(storeConnections).where(eq(storeConnections.brandId, brandId));
  const [variant] = await db
    .select()
    .from(catalogVariants)
    .where(eq(catalogVariants.connectionId, connection!.id))
    .limit(1);
  variantId = variant!.id;
});

describe('sample store Place order', () => {
  it('creates a paid order attributed to the conversation whose link it came from', async () => {
    const { url } = await app.catalog.answers.checkoutLink({
      brandId,
      variantId,
      quantity: 2,
      conversationId,
    });
    const link = new URL(url);
    const placed = await place({ items: link.searchParams.get('items'), ref: link.searchParams.get('ref') });
    expect(placed.statusCode).toBe(200);
    const body = placed.json() as Json;
    expect(body).toMatchObject({
      attributed: true,
      currency: 'USD',
      orderNumber: expect.stringMatching(/^#S\d{5}$/),
    });
    const [variant] = await app.database.db
      .select()
      .from(catalogVariants)
      .where(eq(catalogVariants.id, variantId));
    expect(Number(body.total)).toBeCloseTo(Number(variant!.price) * 2, 2);
    const report = await revenue();
    expect(report.totals).toEqual([
      expect.objectContaining({ currency: 'USD', orders: 1, revenue: body.total }),
    ]);
    expect(report.orders[0]).toMatchObject({
      orderNumber: body.orderNumber,
      conversationId,
      buyerUsername: 'mia.shops',
      platform: 'sample',
      status: 'paid',
    });
    expect(report.topProducts[0]).toMatchObject({ revenue: body.total, orders: 1 });
  });

  it('counts nothing for a cart link that carries no link id, and refuses bad input naming it', async () => {
    const before = await app.database.db.select().from(storeOrders);
    const unattributed = await place({ items: `${variantId}:1` });
    expect(unattributed.statusCode).toBe(200);
    expect(unattributed.json()).toMatchObject({ attributed: false });
    const invented = await place({ items: `${variantId}:1`, ref: 'notOurLink12' });
    expect(invented.json()).toMatchObject({ attributed: false });
    const bad = await place({ items: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('items');
    const unknown = await place({ items: '00000000-0000-4000-8000-000000000000:1' });
    expect(unknown.statusCode).toBe(404);
    expect(await app.database.db.select().from(storeOrders)).toHaveLength(before.length);
  });
});
