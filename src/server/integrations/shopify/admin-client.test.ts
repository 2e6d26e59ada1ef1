import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadStoreAnswer, failureOf } from '#tests/support/store-answers.ts';
import { createGuardedFetch } from '../http/guarded-fetch.ts';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
} from '#tests/fakes/shopify-admin.ts';
import { createShopifyAdminClient, ShopifyError, ShopifyResponseError } from './admin-client.ts';
import { exchangeCode } from './oauth.ts';

let shopify: FakeShopifyAdmin;
const fetch = createGuardedFetch({ allowLoopback: true });
const client = () =>
  createShopifyAdminClient({
    baseUrl: shopify.url,
    accessToken: shopify.accessToken,
    apiVersion: '2026-10',
    fetch,
    maxThrottleRetries: 0,
  });

beforeAll(async () => {
  shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(3) });
});
afterAll(() => shopify.close());

describe('Shopify answers parsed with zod', () => {
  it('reads a well-formed page, dropping fields it did not ask for and reading a left-out sku as none', async () => {
    shopify.alterNextAnswer((body) => {
      const variant = body.data.products.nodes[0].variants.nodes[0];
      delete variant.sku;
      variant.somethingNew = { nested: true };
      body.data.products.nodes[0].unknownField = 'x';
      return body;
    });
    const page = await client().listProducts({ after: null });
    expect(page.nodes).toHaveLength(3);
    expect(page.nodes[0]!.variants.nodes[0]).toMatchObject({
      id: 'gid://shopify/ProductVariant/100',
      sku: null,
    });
    expect(page.nodes[0]!.variants.nodes[0]).not.toHaveProperty('somethingNew');
    expect(page.nodes[0]).not.toHaveProperty('unknownField');
  });

  it('names the field when a variant price is an object', async () => {
    shopify.alterNextAnswer((body) => {
      body.data.products.nodes[1].variants.nodes[2].price = { amount: '10.00', currencyCode: 'EUR' };
      return body;
    });
    const error = await failureOf(client().listProducts({ after: null }));
    expect(error).toBeInstanceOf(ShopifyResponseError);
    expect(error).toBeInstanceOf(ShopifyError);
    expectBadStoreAnswer(error, {
      platform: 'shopify',
      endpoint: 'GraphQL Products',
      path: 'products.nodes[1].variants.nodes[2].price',
      message:
        'The store answered GraphQL Products unexpectedly at products.nodes[1].variants.nodes[2].price: ' +
        'expected string, received object',
    });
  });

  it('names the field when a variant has no id, and when the live variant has no product', async () => {
    shopify.alterNextAnswer((body) => {
      delete body.data.products.nodes[0].variants.nodes[1].id;
      return body;
    });
    expect(await failureOf(client().listProducts({ after: null }))).toMatchObject({
      path: 'products.nodes[0].variants.nodes[1].id',
    });

    shopify.alterNextAnswer((body) => {
      delete body.data.productVariant.product;
      return body;
    });
    expect(await failureOf(client().getVariant('gid://shopify/ProductVariant/100'))).toMatchObject({
      endpoint: 'GraphQL Variant',
      path: 'productVariant.product',
    });
    // A variant the shop no longer has is an answer, not an error.
    expect(await client().getVariant('gid://shopify/ProductVariant/999999')).toBeNull();
  });

  it('names the shop field the connection test needs, and an envelope of another shape', async () => {
    shopify.alterNextAnswer((body) => ({
      ...body,
      data: { shop: { ...body.data.shop, myshopifyDomain: 7 } },
    }));
    expect(await failureOf(client().getShop())).toMatchObject({
      endpoint: 'GraphQL Shop',
      path: 'shop.myshopifyDomain',
    });
    shopify.alterNextAnswer(() => [1, 2, 3]);
    expect(await failureOf(client().getShop())).toMatchObject({
      kind: 'bad_response',
      path: '(the whole answer)',
    });
  });

  it('names the order field the reconciliation reads', async () => {
    shopify.checkout(`https://shop.example/cart/100:1?ref=voicecart-abcdefgh`);
    shopify.alterNextAnswer((body) => {
      body.data.orders.nodes[0].totalPriceSet.shopMoney.amount = 'twelve';
      return body;
    });
    expect(
      await failureOf(client().listOrdersUpdatedSince({ since: new Date(0), after: null })),
    ).toMatchObject({
      endpoint: 'GraphQL Orders',
      path: 'orders.nodes[0].totalPriceSet.shopMoney.amount',
      message: expect.stringContaining('not a decimal amount'),
    });
    const page = await client().listOrdersUpdatedSince({ since: new Date(0), after: null });
    expect(page.nodes[0]!.totalPriceSet.shopMoney.amount).toBe('21.00');
  });

  it('names the field of a token answer without an access token', async () => {
    shopify.oauth.codes.add('code-1');
    shopify.alterNextAnswer((body) => {
      delete body.access_token;
      return body;
    });
    const error = await failureOf(
      exchangeCode(fetch, {
        baseUrl: shopify.url,
        clientId: shopify.oauth.clientId,
        clientSecret: shopify.oauth.clientSecret,
        code: 'code-1',
      }),
    );
    expect(error).toMatchObject({
      platform: 'shopify',
      endpoint: 'POST /admin/oauth/access_token',
      path: 'access_token',
    });
    // The refresh token in the answer never reaches the message.
    expect((error as Error).message).not.toContain('shprt_');
  });
});
