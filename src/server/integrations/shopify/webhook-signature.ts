import { isValidWebhookBody, signWebhookBody } from '../http/webhook-signature.ts';

/** X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body with the app secret. */
export const signShopifyWebhook = signWebhookBody;
export const isValidShopifyWebhook = isValidWebhookBody;
