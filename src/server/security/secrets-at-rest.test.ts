import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeShopifyProducts,
  startFakeShopifyAdmin,
  type FakeShopifyAdmin,
} from '#tests/fakes/shopify-admin.ts';
import { makeWooProducts, startFakeWooCommerce, type FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { useConnectedBrand } from '#tests/support/instagram.ts';
import { putStore, shopifyConnectBody, wooConnectBody } from '#tests/support/store-connect.ts';
import { personalWorkspaceOf, requestAs } from '#tests/support/test-app.ts';

/**
 * A copy of the database opens nothing: after an owner has connected Instagram, a Shopify and a WooCommerce store,
 * added a webhook endpoint and an API key and signed in, no table, in any schema (the job queue's included), holds
 * any of those credentials as they were handed over. They are sealed (secret-box.ts) or kept as a hash.
 */
describe('secrets at rest', () => {
  const setup = useConnectedBrand({
    env: { ALLOW_LOOPBACK_STORES: 'true', ALLOW_LOOPBACK_WEBHOOKS: 'true' },
  });
  let shopify: FakeShopifyAdmin;
  let woo: FakeWooCommerce;
  beforeAll(async () => {
    shopify = await startFakeShopifyAdmin({ products: makeShopifyProducts(3) });
    woo = await startFakeWooCommerce(makeWooProducts(3));
  });
  afterAll(async () => {
    await shopify?.close();
    await woo?.close();
  });

  /** Every row of every table outside PostgreSQL's own catalogs, as text. */
  async function databaseDump(): Promise<string> {
    const run = setup.harness.app.database.executeSql;
    const { rows: tables } = await run(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
      [],
    );
    const parts: string[] = [];
    for (const { schema, name } of tables as { schema: string; name: string }[]) {
      const { rows } = await run(`select t::text as row from "${schema}"."${name}" t`, []);
      parts.push(...rows.map((row) => `${schema}.${name}: ${row.row as string}`));
    }
    return parts.join('\n');
  }

  it('holds no credential it was given or handed out in the clear', async () => {
    const { app } = setup.harness;
    const { cookie, brandId, userId, account } = setup.brand;
    const second = await requestAs(app, 'POST', '/api/brands', {
      cookie,
      body: { name: 'Second Brand', username: 'second.brand' },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await putStore(app, cookie, brandId, shopifyConnectBody(shopify))).statusCode).toBe(200);
    const wooBrandId = (second.json() as { id: string }).id;
    expect((await putStore(app, cookie, wooBrandId, wooConnectBody(woo))).statusCode).toBe(200);
    const workspaceId = await personalWorkspaceOf(app.database.db, userId);
    const endpoint = await requestAs(app, 'POST', `/api/workspaces/${workspaceId}/webhooks`, {
      cookie,
      body: { url: 'http://127.0.0.1:9/voicecart', events: ['message.received'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const apiKey = await requestAs(app, 'POST', `/api/workspaces/${workspaceId}/api-keys`, {
      cookie,
      body: { name: 'Reporting', role: 'agent' },
    });
    expect(apiKey.statusCode, apiKey.body).toBe(201);

    const credentials = {
      'Instagram access token': account.token,
      'Shopify access token': shopify.accessToken,
      'WooCommerce consumer key': woo.consumerKey,
      'WooCommerce consumer secret': woo.consumerSecret,
      'webhook signing secret': (endpoint.json() as { secret: string }).secret,
      'API key': (apiKey.json() as { key: string }).key,
      'session cookie': cookie.replace(/^vc_session=/, ''),
    };
    const dump = await databaseDump();
    // The dump is the real thing: what was stored next to the credentials is in it.
    expect(dump).toContain(shopify.shopDomain);
    expect(dump).toContain('http://127.0.0.1:9/voicecart');
    expect(dump).toContain('Reporting');
    for (const [name, value] of Object.entries(credentials)) {
      expect(value.length, name).toBeGreaterThanOrEqual(8);
      expect(dump.includes(value), `${name} is stored in the clear`).toBe(false);
    }
  });
});
