import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature every delivery carries (decision 049): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the endpoint's secret. The time is inside what is signed, so a receiver can refuse an old delivery
 * replayed by someone who recorded it.
 */
export function signWebhookBody(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/**
 * What a receiver does with the header: true when one of its `v1` values is the body's signature with this
 * secret and its time is within `toleranceSeconds` of `nowSeconds`. Our tests receive with it; receivers can copy it.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  body: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  if (!input.header) return false;
  const parts = input.header.split(',').map((part) => part.trim().split('='));
  const time = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(time)) return false;
  if (Math.abs(input.nowSeconds - time) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhookBody(input.secret, time, input.body).split('v1=')[1]!, 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A new signing secret: 32 random bytes, prefixed so people can tell it from other keys. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
