import { appUrlOf, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { OrderIngest } from '#server/ports/revenue.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createCatalogAnswers } from './answers.ts';
import { createStoreConnections } from './connections.ts';
import { createSampleCart } from './sample-cart.ts';
import { createShopifyInstall } from './shopify-install.ts';
import { createStoreAccess } from './store-access.ts';
import { createCatalogSync } from './sync.ts';

export interface CatalogSettings {
  allowLoopbackStores: boolean;
  shopifyApiVersion: string;
  shopifyApiSecret?: string | undefined;
  /** Shopify app client id: with the secret, enables the OAuth install. */
  shopifyApiKey?: string | undefined;
  /** Our own address: the sample store's cart page and WooCommerce webhook delivery URLs hang off it. */
  publicUrl: string;
  /** The live stock check's deadline (about 800 ms, so a reply stays fast). */
  liveDeadlineMs?: number;
  /** Swappable DNS for the address guard (tests). */
  resolveHost?: (host: string) => Promise<string[]>;
  shopifyPageSize?: number;
}

export interface CatalogDeps {
  db: Database;
  secretBox: SecretBox;
  settings: CatalogSettings;
  /** Starts a full sync in the background (the job queue); absent: the caller's request runs it itself. */
  enqueueSync?: (connectionId: string) => Promise<void>;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Where the stores' orders go (modules/revenue through the port); without it orders are acknowledged only. */
  orders?: OrderIngest;
}

/**
 * The catalog, composed from its parts (docs/architecture.md). Each part receives only the parts it calls; store
 * access is the one way to a store, and the one writer of live stock for the answers and the webhooks alike.
 */
export function createCatalogModule(deps: CatalogDeps) {
  const { db, secretBox, settings, log } = deps;
  const access = createStoreAccess({ db, secretBox, settings });
  const sync = createCatalogSync({ db, access, enqueueSync: deps.enqueueSync, orders: deps.orders, log });
  const connections = createStoreConnections({ db, secretBox, access, sync, settings, log });
  return {
    /** Credentials, token refresh, the connection cache and the live stock read (store-access.ts). */
    access,
    /** Verify, connect, describe, disconnect a brand's store (connections.ts). */
    connections,
    /** The sync and reconciliation job bodies (sync.ts); jobs/worker.ts runs them. */
    sync,
    /** "Install with Shopify" (shopify-install.ts). */
    install: createShopifyInstall({ db, access, connections, settings }),
    /** The catalog port the assistant receives (answers.ts). */
    answers: createCatalogAnswers({ db, access, settings, log }),
    /** The sample store's cart page and Place order (sample-cart.ts). */
    sampleCart: createSampleCart({ db, orders: deps.orders }),
    /** Where store webhooks hand orders (webhooks.ts); absent: acknowledged only. */
    orders: deps.orders,
  };
}

export type CatalogModule = ReturnType<typeof createCatalogModule>;

/** The catalog's settings from config; the sample store's cart page hangs off PUBLIC_URL. */
export function catalogSettingsFromConfig(config: Config): CatalogSettings {
  return {
    allowLoopbackStores: config.ALLOW_LOOPBACK_STORES,
    shopifyApiVersion: config.SHOPIFY_API_VERSION,
    shopifyApiSecret: config.SHOPIFY_API_SECRET,
    shopifyApiKey: config.SHOPIFY_API_KEY,
    publicUrl: appUrlOf(config),
  };
}
