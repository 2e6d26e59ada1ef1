import type { FakeShopifyAdmin } from '#tests/fakes/shopify-admin.ts';
import type { FakeWooCommerce } from '#tests/fakes/woocommerce.ts';
import { requestAs, type TestApp } from './test-app.ts';

/** Connects a brand's store as `cookie`'s user (PUT /api/brands/{id}/store, what the Store screen sends). */
export const putStore = (app: TestApp, cookie: string, brandId: string, body: unknown) =>
  requestAs(app, 'PUT', `/api/brands/${brandId}/store`, { cookie, body });

/** The Store screen's connect body (PUT /api/brands/{id}/store) for a fake Shopify store, with the token it takes. */
export const shopifyConnectBody = (shopify: FakeShopifyAdmin) => ({
  platform: 'shopify' as const,
  shopDomain: shopify.shopDomain,
  accessToken: shopify.accessToken,
});

/** The same for a fake WooCommerce store, with the REST keys it takes. */
export const wooConnectBody = (woo: FakeWooCommerce) => ({
  platform: 'woocommerce' as const,
  storeUrl: woo.url,
  consumerKey: woo.consumerKey,
  consumerSecret: woo.consumerSecret,
});
