import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The stores' webhook signature: the base64 HMAC-SHA256 of the raw body with the webhook's secret, the same for
 * Shopify's X-Shopify-Hmac-Sha256 and WooCommerce's X-WC-Webhook-Signature.
 */
export function signWebhookBody(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Whether the header holds that signature, compared in constant time; a missing header is not valid. */
export function isValidWebhookBody(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
