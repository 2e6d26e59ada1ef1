import { brands } from '#server/db/schema/index.ts';
import type { FakeShopifyAdmin } from '#tests/fakes/shopify-admin.ts';
import { putStore } from './store-connect.ts';
import { createTestApp, createTestUser, signInAs, type TestApp } from './test-app.ts';

/**
 * Store webhooks over real HTTP: an app listening on a loopback port that accepts loopback stores (the fakes),
 * an owner signed in with one brand for Shopify and one for WooCommerce, and the Store screen's connect call.
 */
export async function startStoreWebhookApp(options: {
  shopifySecret: string;
  /** Instagram usernames of the Shopify brand and the WooCommerce brand. */
  usernames: [string, string];
}) {
  const app: TestApp = await createTestApp({
    env: {
      ALLOW_LOOPBACK_STORES: 'true',
      SHOPIFY_API_SECRET: options.shopifySecret,
      PUBLIC_URL: 'http://127.0.0.1:9',
    },
  });
  const baseUrl = await app.app.listen({ host: '127.0.0.1', port: 0 });
  const db = app.database.db;
  const user = await createTestUser(db);
  const owner = await signInAs(db, user.id);
  const [shopBrand, wooBrand] = await db
    .insert(brands)
    .values([
      { userId: user.id, name: 'Shop brand', username: options.usernames[0] },
      { userId: user.id, name: 'Woo brand', username: options.usernames[1] },
    ])
    .returning();
  return {
    app,
    baseUrl,
    owner,
    shopBrand: shopBrand!.id,
    wooBrand: wooBrand!.id,
    /** PUT /brands/{brandId}/store as the owner. */
    putStore: (brandId: string, body: unknown) => putStore(app, owner.cookie, brandId, body),
  };
}

/** Signed Shopify deliveries to the app, each with its own event id (`<prefix>-<n>`) unless one is given. */
export function shopifyDeliveries(
  shopify: () => FakeShopifyAdmin,
  baseUrl: () => string,
  secret: string,
  prefix: string,
) {
  let counter = 0;
  return (topic: string, body: unknown, options: { eventId?: string; badSignature?: boolean } = {}) => {
    counter += 1;
    return shopify().deliverWebhook({
      url: `${baseUrl()}/api/webhooks/shopify`,
      topic,
      body,
      secret,
      eventId: options.eventId ?? `${prefix}-${counter}`,
      ...(options.badSignature ? { badSignature: true } : {}),
    });
  };
}
