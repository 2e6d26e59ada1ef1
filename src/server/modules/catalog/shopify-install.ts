import { randomBytes } from 'node:crypto';
import { authorize } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { OutboundAddressError } from '#server/integrations/http/guarded-fetch.ts';
import { buildAuthorizeUrl, exchangeCode, isValidShopifyQuery } from '#server/integrations/shopify/oauth.ts';
import { badStore, type StoreConnections } from './connections.ts';
import { shopifyBaseUrl } from './platforms.ts';
import * as queries from './queries.ts';
import { describeStoreFailure, type StoreAccess } from './store-access.ts';

const notSetUp = () =>
  new AppError(
    'NOT_FOUND',
    'Shopify install is not set up on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)',
  );

/** "Install with Shopify": the OAuth install, ending in the same connection as a pasted token. */
export function createShopifyInstall({
  db,
  access,
  connections,
  settings,
}: {
  db: Database;
  access: StoreAccess;
  connections: Pick<StoreConnections, 'connectShopify'>;
  settings: {
    /** Shopify app client id and secret: both, or the install is off. */
    shopifyApiKey?: string | undefined;
    shopifyApiSecret?: string | undefined;
    allowLoopbackStores: boolean;
    publicUrl: string;
  };
}) {
  return {
    /** Whether this server has a Shopify app (SHOPIFY_API_KEY and SHOPIFY_API_SECRET) for "Install with Shopify". */
    isAvailable(): boolean {
      return Boolean(settings.shopifyApiKey && settings.shopifyApiSecret);
    },

    /**
     * Step 1: a one-use `state` bound to this brand, user and shop, then the authorize URL to send the browser
     * to.
     */
    async start(userId: string, brandId: string, shopDomain: string): Promise<string> {
      await authorize(db, userId, 'store.manage', { brandId });
      if (!settings.shopifyApiKey || !settings.shopifyApiSecret) throw notSetUp();
      if (shopDomain.startsWith('127.0.0.1') && !settings.allowLoopbackStores) {
        throw badStore('shop', 'address not allowed (loopback stores are off)');
      }
      const state = randomBytes(24).toString('base64url');
      await queries.insertOauthState(db, {
        state,
        brandId,
        userId,
        shopDomain,
        expiresAt: new Date(Date.now() + 10 * 60_000),
      });
      return buildAuthorizeUrl({
        baseUrl: shopifyBaseUrl(shopDomain),
        clientId: settings.shopifyApiKey,
        redirectUri: new URL('/api/shopify/callback', settings.publicUrl).toString(),
        state,
      });
    },

    /**
     * Step 2, the callback: HMAC over the query, the state used once and unexpired, the same shop, a fresh
     * timestamp; then the code for an expiring offline token (and its refresh token), a test call, and the
     * connection as with a pasted token. Returns the brand id.
     */
    async complete(
      userId: string | null,
      query: Record<string, string>,
      ip: string | null = null,
    ): Promise<string> {
      const refuse = (message: string) => new AppError('BAD_REQUEST', `Shopify install refused: ${message}`);
      if (!settings.shopifyApiKey || !settings.shopifyApiSecret) throw notSetUp();
      if (!userId) throw new AppError('UNAUTHORIZED', 'Sign in, then install the Shopify app again');
      if (!isValidShopifyQuery(query, settings.shopifyApiSecret))
        throw refuse('the signature does not match');
      const timestamp = Number(query.timestamp);
      if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 3600)
        throw refuse('the request is stale');
      // The state is bound to the user who started the install: another browser (or none) finishing the flow
      // cannot link a shop to that user's brand, and cannot use up the state either.
      const pending = await queries.takeOauthState(db, query.state ?? '', userId);
      if (!pending || pending.expiresAt.getTime() < Date.now()) throw refuse('unknown or expired state');
      if ((query.shop ?? '').toLowerCase() !== pending.shopDomain) throw refuse('the shop does not match');
      if (!query.code) throw refuse('no code');
      let tokens;
      try {
        tokens = await exchangeCode(access.guardedFetch, {
          baseUrl: shopifyBaseUrl(pending.shopDomain),
          clientId: settings.shopifyApiKey,
          clientSecret: settings.shopifyApiSecret,
          code: query.code,
        });
      } catch (error) {
        throw refuse(
          error instanceof OutboundAddressError ? describeStoreFailure(error) : 'the code was not accepted',
        );
      }
      await connections.connectShopify(
        userId,
        pending.brandId,
        pending.shopDomain,
        {
          platform: 'shopify',
          accessToken: tokens.accessToken,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
          ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
        },
        ip,
      );
      return pending.brandId;
    },
  };
}
