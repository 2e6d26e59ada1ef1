import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from '#contracts/zod.ts';
import type { GuardedFetch } from '../http/guarded-fetch.ts';
import { parseShopifyAnswer } from './admin-client.ts';

/**
 * Shopify authorization-code grant with expiring offline tokens: the authorize URL, the
 * query-string HMAC of the install and callback requests, the code exchange and the refresh.
 */
export const shopifyScopes = ['read_products', 'read_inventory', 'read_orders'];

/** Drop `hmac`, sort the rest as `key=value`, join with `&`, HMAC-SHA256 hex with the client secret. */
export function signShopifyQuery(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function isValidShopifyQuery(params: Record<string, string>, secret: string): boolean {
  const given = params.hmac;
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signShopifyQuery(params, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export function buildAuthorizeUrl(input: {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
}): string {
  const url = new URL('/admin/oauth/authorize', input.baseUrl);
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('scope', shopifyScopes.join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

export interface ShopifyTokens {
  accessToken: string;
  refreshToken: string | undefined;
  /** ISO time the access token stops working; undefined for a non-expiring token. */
  expiresAt: string | undefined;
  scope: string;
}

/** The token answer; `expiring=1` adds the refresh token and both lifetimes. */
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().nonnegative().optional(),
  refresh_token_expires_in: z.number().nonnegative().optional(),
  scope: z.string().optional(),
});

/** The shop and our app's credentials, which every token request sends. */
interface TokenClient {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

async function requestToken(
  fetch: GuardedFetch,
  client: TokenClient,
  grant: Record<string, string>,
): Promise<ShopifyTokens> {
  const form = { client_id: client.clientId, client_secret: client.clientSecret, ...grant };
  const response = await fetch(new URL('/admin/oauth/access_token', client.baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok || json === null)
    throw new Error(`Shopify refused the token request (${response.status})`);
  const body = parseShopifyAnswer('POST /admin/oauth/access_token', tokenAnswerSchema, json);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000).toISOString() : undefined,
    scope: body.scope ?? '',
  };
}

export function exchangeCode(
  fetch: GuardedFetch,
  input: TokenClient & { code: string },
): Promise<ShopifyTokens> {
  return requestToken(fetch, input, { code: input.code, expiring: '1' });
}

/** A new access token AND a new refresh token: store both together. */
export function refreshTokens(
  fetch: GuardedFetch,
  input: TokenClient & { refreshToken: string },
): Promise<ShopifyTokens> {
  return requestToken(fetch, input, { grant_type: 'refresh_token', refresh_token: input.refreshToken });
}
