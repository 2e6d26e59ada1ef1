import { createHmac, timingSafeEqual } from 'node:crypto';

const signaturePattern = /^sha256=([0-9a-f]{64})$/i;

/**
 * `X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of the raw request bytes, keyed with
 * the app secret. Compared in constant time; a missing or malformed header is simply not valid.
 */
export function isValidWebhookSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== 'string') return false;
  const match = signaturePattern.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time comparison of two strings (the handshake's verify token). */
export function isSameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined) return false;
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b);
}
