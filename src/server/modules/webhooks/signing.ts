import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature every delivery carries (decision 049): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the endpoint's secret. The time is inside what is signed, so a receiver can refuse an old delivery
 * replayed by someone who recorded it.
 */
export function signWebhookBody(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** A new signing secret: 32 random bytes, prefixed so people can tell it from other keys. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
