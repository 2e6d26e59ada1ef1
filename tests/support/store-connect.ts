import type { FakeShopifyAdmin } from '#tests/fakes/shopify-admin.ts';
import type { FakeWooCommerce } from '#tests/fakes/woocommerce.ts';

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
