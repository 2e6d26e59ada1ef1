import type { Database } from '#server/db/client.ts';
import type { StoreConnectionRow } from '#server/db/schema/index.ts';
import { isUuid } from '#server/ids.ts';
import {
  createGuardedFetch,
  OutboundAddressError,
  UnreachableError,
  type GuardedFetch,
} from '#server/integrations/http/guarded-fetch.ts';
import { ShopifyError } from '#server/integrations/shopify/admin-client.ts';
import { refreshTokens } from '#server/integrations/shopify/oauth.ts';
import { createWooCommerceClient, WooCommerceError } from '#server/integrations/woocommerce/rest-client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createShortCache } from '#server/short-cache.ts';
import { createStoreClient, shopifyBaseUrl, type StoreClient, type StoreCredentials } from './platforms.ts';
import * as queries from './queries.ts';
import type { LiveVariantStock } from './store-data.ts';

/**
 * Store access: the one way any part of the catalog reaches a store. Credentials are unsealed here, a Shopify
 * OAuth token is refreshed here, and the assistant's repeated look-ups of a brand's connection are cached here.
 */

/** How long the connection row of a brand is kept for the assistant's questions (connectionOfBrand). */
const connectionCacheMs = 1000;

/** The safe words for a store call that failed; never the credentials or the raw answer. */
export function describeStoreFailure(error: unknown): string {
  if (error instanceof OutboundAddressError) return `address not allowed (${error.message})`;
  if (error instanceof UnreachableError) return `store unreachable (${error.message})`;
  if (error instanceof ShopifyError || error instanceof WooCommerceError) {
    if (error.kind === 'unauthorized') return 'bad credentials (the store refused them)';
    if (error.kind === 'unreachable') return 'store unreachable';
    if (error.kind === 'not_found') return 'not a store (no store API at this address)';
    if (error.kind === 'throttled') return 'the store is throttling requests; try again shortly';
    return `not a store (${error.message})`;
  }
  if (error instanceof Error && error.name === 'TimeoutError') return 'store unreachable (timed out)';
  return 'store unreachable';
}

export interface StoreAccessSettings {
  allowLoopbackStores: boolean;
  shopifyApiVersion: string;
  /** The Shopify app's client id and secret: without both, an expiring OAuth token is not refreshed. */
  shopifyApiKey?: string | undefined;
  shopifyApiSecret?: string | undefined;
  /** Swappable DNS for the address guard (tests). */
  resolveHost?: (host: string) => Promise<string[]>;
  shopifyPageSize?: number;
}

export function createStoreAccess({
  db,
  secretBox,
  settings,
}: {
  db: Database;
  secretBox: SecretBox;
  settings: StoreAccessSettings;
}) {
  /** Every call to an address a user gave goes through the guard (decisions 018, 025). */
  const guardedFetch: GuardedFetch = createGuardedFetch({
    allowLoopback: settings.allowLoopbackStores,
    ...(settings.resolveHost ? { resolve: settings.resolveHost } : {}),
  });
  const platformSettings = {
    shopifyApiVersion: settings.shopifyApiVersion,
    fetch: guardedFetch,
    ...(settings.shopifyPageSize ? { shopifyPageSize: settings.shopifyPageSize } : {}),
  };

  function openCredentials(connection: StoreConnectionRow): StoreCredentials | null {
    if (!connection.sealedCredentials) return null;
    return JSON.parse(secretBox.open(connection.sealedCredentials, 'store-credentials')) as StoreCredentials;
  }

  function sealCredentials(credentials: StoreCredentials): string {
    return secretBox.seal(JSON.stringify(credentials), 'store-credentials');
  }

  /**
   * The assistant asks about one brand's store several times per reply (find, stock, link, alternatives): the
   * connection row is kept for a second. Changes made here forget it at once; another instance's change shows
   * within the second (a removed connection's catalog is gone with it, so a stale row finds nothing).
   */
  const connections = createShortCache<StoreConnectionRow | null>({ ttlMs: connectionCacheMs });
  const forgetConnection = (brandId: string) => connections.forget(brandId);
  async function connectionOfBrand(brandId: string) {
    if (!isUuid(brandId)) return null;
    return connections.get(brandId, () => queries.findConnectionOfBrand(db, brandId));
  }

  /**
   * The store's client, with a Shopify OAuth token refreshed first when it expires within five minutes. Both new
   * tokens are saved together, only over the credentials we read (compare-and-swap): when another process refreshed
   * first, its pair is kept and used (Shopify keeps the previous refresh token valid until the new one is used).
   */
  async function storeClientOf(connection: StoreConnectionRow): Promise<StoreClient> {
    let credentials = openCredentials(connection);
    if (
      credentials?.platform === 'shopify' &&
      credentials.refreshToken &&
      credentials.expiresAt &&
      Date.parse(credentials.expiresAt) - Date.now() < 5 * 60_000 &&
      settings.shopifyApiKey &&
      settings.shopifyApiSecret
    ) {
      const tokens = await refreshTokens(guardedFetch, {
        baseUrl: shopifyBaseUrl(connection.storeKey!),
        clientId: settings.shopifyApiKey,
        clientSecret: settings.shopifyApiSecret,
        refreshToken: credentials.refreshToken,
      });
      const fresh: StoreCredentials = {
        platform: 'shopify',
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
      };
      const sealed = sealCredentials(fresh);
      const swapped = await queries.swapCredentials(db, connection.id, connection.sealedCredentials!, sealed);
      forgetConnection(connection.brandId);
      if (swapped) {
        credentials = fresh;
        connection = { ...connection, sealedCredentials: sealed };
      } else {
        const current = await queries.findConnection(db, connection.id);
        if (current) credentials = openCredentials(current);
      }
    }
    return createStoreClient(connection, credentials, platformSettings);
  }

  /** A WooCommerce connection's REST client (the product webhook reads variations with it); null for others. */
  function wooClientOf(connection: StoreConnectionRow) {
    const credentials = openCredentials(connection);
    if (connection.platform !== 'woocommerce' || credentials?.platform !== 'woocommerce') return null;
    return createWooCommerceClient({
      storeUrl: connection.storeKey!,
      consumerKey: credentials.consumerKey,
      consumerSecret: credentials.consumerSecret,
      fetch: guardedFetch,
    });
  }

  /**
   * Asks the store for one variant's stock now and writes the answer to the mirror: the one path for the
   * assistant's live check and the Shopify inventory webhook, so both keep the inventory policy and write only
   * when the figure changed (queries.writeLiveStock). Null when the store does not know the variant; a store
   * failure or the deadline throws, and the caller decides what the mirror's figure is worth. `asOf`: when the
   * store answered.
   */
  async function fetchLiveStock(
    connection: StoreConnectionRow,
    variant: { id: string; externalId: string; productExternalId: string },
    deadlineMs: number,
  ): Promise<(LiveVariantStock & { asOf: Date }) | null> {
    const live = await (
      await storeClientOf(connection)
    ).fetchVariantStock({
      variantExternalId: variant.externalId,
      productExternalId: variant.productExternalId,
      signal: AbortSignal.timeout(deadlineMs),
    });
    if (!live) return null;
    const asOf = new Date();
    await queries.writeLiveStock(db, variant.id, live, asOf);
    return { ...live, asOf };
  }

  return {
    guardedFetch,
    sealCredentials,
    storeClientOf,
    wooClientOf,
    connectionOfBrand,
    forgetConnection,
    fetchLiveStock,
  };
}

export type StoreAccess = ReturnType<typeof createStoreAccess>;
