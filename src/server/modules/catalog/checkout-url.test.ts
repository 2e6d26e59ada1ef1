import { describe, expect, it } from 'vitest';
import { buildCheckoutUrl } from './platforms.ts';

/** The checkout link per platform, for one variant and for several on one link. */
describe('checkout links carrying several items', () => {
  const first = { id: 'v-1', externalId: 'gid://shopify/ProductVariant/111', options: [] };
  const second = { id: 'v-2', externalId: 'gid://shopify/ProductVariant/222' };

  it('Shopify: /cart/id:qty,id:qty with the attribution attributes', () => {
    const url = buildCheckoutUrl({
      connection: {
        platform: 'shopify',
        storefrontUrl: 'https://shop.example',
        storeKey: 'x',
        checkoutStyle: null,
      },
      variant: first,
      productExternalId: 'p',
      quantity: 2,
      more: [{ variant: second, quantity: 3 }],
      linkId: 'L1',
      publicUrl: 'https://app.test',
    });
    expect(url).toBe(
      'https://shop.example/cart/111:2,222:3?ref=voicecart-L1&attributes%5Bvoicecart_link%5D=L1',
    );
  });

  it('WooCommerce: products=id:qty,id:qty, also for a store set to add-to-cart links', () => {
    for (const checkoutStyle of ['checkout-link', 'add-to-cart']) {
      const url = buildCheckoutUrl({
        connection: {
          platform: 'woocommerce',
          storefrontUrl: 'https://woo.example',
          storeKey: null,
          checkoutStyle,
        },
        variant: { id: 'v-1', externalId: '41', options: [] },
        productExternalId: '40',
        quantity: 1,
        more: [{ variant: { id: 'v-2', externalId: '57' }, quantity: 2 }],
        publicUrl: 'https://app.test',
      });
      expect(url).toBe('https://woo.example/checkout-link/?products=41%3A1%2C57%3A2');
    }
  });

  it('WooCommerce add-to-cart: one item keeps its add-to-cart link', () => {
    const url = buildCheckoutUrl({
      connection: {
        platform: 'woocommerce',
        storefrontUrl: 'https://woo.example',
        storeKey: null,
        checkoutStyle: 'add-to-cart',
      },
      variant: { id: 'v-1', externalId: '40', options: [] },
      productExternalId: '40',
      quantity: 3,
      publicUrl: 'https://app.test',
    });
    expect(url).toBe('https://woo.example/?add-to-cart=40&quantity=3');
  });
});
