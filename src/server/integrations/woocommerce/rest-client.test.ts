import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadStoreAnswer, failureOf } from '#tests/support/store-answers.ts';
import { createGuardedFetch } from '../http/guarded-fetch.ts';
import { makeWooProducts, startFakeWooCommerce, type FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { createWooCommerceClient, WooCommerceError, WooCommerceResponseError } from './rest-client.ts';

let woo: FakeWooCommerce;
const client = () =>
  createWooCommerceClient({
    storeUrl: woo.url,
    consumerKey: woo.consumerKey,
    consumerSecret: woo.consumerSecret,
    fetch: createGuardedFetch({ allowLoopback: true }),
  });

beforeAll(async () => {
  woo = await startFakeWooCommerce(makeWooProducts(4));
});
afterAll(() => woo.close());

describe('WooCommerce answers parsed with zod', () => {
  it('reads what stores send: empty and numeric prices, left-out lists, extra fields', async () => {
    woo.alterNextAnswer((products) => {
      products[1].price = '';
      products[2].price = 12.5;
      delete products[2].tags;
      delete products[2].images;
      products[3].meta_data = [{ id: 1, key: 'plugin', value: { any: 'thing' } }];
      return products;
    });
    const { products } = await client().listProducts(1, 10);
    expect(products.map((product) => product.price)).toEqual(['35.00', '', '12.5', '35.00']);
    expect(products[2]).toMatchObject({ tags: [], images: [] });
    expect(products[3]).not.toHaveProperty('meta_data');
  });

  it('names the field when a price is an object', async () => {
    woo.alterNextAnswer((products) => {
      products[1].price = { amount: '12.00' };
      return products;
    });
    const error = await failureOf(client().listProducts(1, 10));
    expect(error).toBeInstanceOf(WooCommerceResponseError);
    expect(error).toBeInstanceOf(WooCommerceError);
    expectBadStoreAnswer(error, {
      platform: 'woocommerce',
      endpoint: 'GET /products',
      path: '[1].price',
      message:
        'The store answered GET /products unexpectedly at [1].price: ' +
        'expected string or number, received object',
    });
  });

  it('names the field when a variation has no id, and when a product is not a list', async () => {
    woo.alterNextAnswer((variations) => {
      delete variations[0].id;
      return variations;
    });
    expect(await failureOf(client().listVariations(1000))).toMatchObject({
      endpoint: 'GET /products/1000/variations',
      path: '[0].id',
    });
    woo.alterNextAnswer((products) => ({ items: products }));
    expect(await failureOf(client().listProducts(1))).toMatchObject({
      path: '(the whole answer)',
      message: expect.stringContaining('expected array, received object'),
    });
  });

  it('names the field of the live reads, the currency and the orders', async () => {
    woo.alterNextAnswer((variation) => ({ ...variation, stock_quantity: 'three' }));
    expect(await failureOf(client().getVariation(1000, 10000))).toMatchObject({
      endpoint: 'GET /products/1000/variations/10000',
      path: 'stock_quantity',
    });
    woo.alterNextAnswer((product) => ({ ...product, manage_stock: 'sometimes' }));
    expect(await failureOf(client().getProduct(1001))).toMatchObject({ path: 'manage_stock' });
    woo.alterNextAnswer(() => ({ code: 'euro' }));
    expect(await failureOf(client().getCurrency())).toMatchObject({
      endpoint: 'GET /data/currencies/current',
      path: 'code',
      message: expect.stringContaining('not a currency code'),
    });

    woo.checkout(`${woo.url}/checkout-link/?products=1001:1`);
    woo.alterNextAnswer((orders) => {
      orders[0].line_items[0].total = { value: 12 };
      return orders;
    });
    expect(await failureOf(client().listOrdersModifiedAfter(new Date(0), 1))).toMatchObject({
      endpoint: 'GET /orders',
      path: '[0].line_items[0].total',
    });
    const { orders } = await client().listOrdersModifiedAfter(new Date(0), 1);
    expect(orders[0]).toMatchObject({ total: '12.00', line_items: [{ total: '12.00' }] });
  });
});
