/**
 * The load side of `bench:revenue`'s order webhooks, in a worker thread: it builds, signs and posts the deliveries
 * on its own event loop, so the server in the main thread is measured on what it does, not on also being the
 * client (on two cores, both had shared one thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { signShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';

export interface LoadInput {
  base: string;
  secret: string;
  brands: { storeKey: string; linkId: string }[];
  webhooks: number;
  concurrency: number;
}

const { base, secret, brands, webhooks, concurrency } = workerData as LoadInput;
const nowIso = new Date().toISOString();
let next = 0;
let failures = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < webhooks; i = next++) {
      const brand = brands[i % brands.length]!;
      const id = 900_000_000 + i;
      const body = Buffer.from(
        JSON.stringify({
          id,
          admin_graphql_api_id: `gid://shopify/Order/${id}`,
          name: `#${id}`,
          created_at: nowIso,
          updated_at: nowIso,
          processed_at: nowIso,
          cancelled_at: null,
          currency: 'USD',
          total_price: '68.00',
          financial_status: 'paid',
          note_attributes: [{ name: 'voicecart_link', value: brand.linkId }],
          landing_site_ref: `voicecart-${brand.linkId}`,
          order_status_url: `https://${brand.storeKey}/1/orders/t${id}/authenticate?key=k`,
          line_items: [
            { id: 1, variant_id: 1, product_id: 1, title: 'Bench Tee', quantity: 2, price: '34.00' },
          ],
          refunds: [],
        }),
      );
      const response = await fetch(`${base}/api/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': signShopifyWebhook(body, secret),
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': brand.storeKey,
          'x-shopify-event-id': `bench-${i}`,
          'x-shopify-webhook-id': `wh-${i}`,
          'x-shopify-triggered-at': new Date().toISOString(),
        },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    }
  }),
);
parentPort!.postMessage({ failures, seconds: (performance.now() - started) / 1000 });
