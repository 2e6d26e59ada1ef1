import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body with the app secret. */
export function signShopifyWebhook(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function isValidShopifyWebhook(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signShopifyWebhook(rawBody, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
