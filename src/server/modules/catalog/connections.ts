import { randomBytes, randomUUID } from 'node:crypto';
import type { ConnectStoreInput, StoreConnection } from '#contracts/catalog.ts';
import { recordAudit } from '#server/access/audit.ts';
import { authorize } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import type { StoreConnectionRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { createShopifyAdminClient } from '#server/integrations/shopify/admin-client.ts';
import { createWooCommerceClient } from '#server/integrations/woocommerce/rest-client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { shopifyBaseUrl, type StoreCredentials } from './platforms.ts';
import * as queries from './queries.ts';
import { sampleStoreCurrency, sampleStoreNameOf } from './sample-store/sample-store.ts';
import { describeStoreFailure, type StoreAccess } from './store-access.ts';
import type { CatalogSync } from './sync.ts';

/** A store's answer that refuses the connection, named by the field the person should fix. */
export const badStore = (path: string, message: string) =>
  new AppError('BAD_REQUEST', `${path}: ${message}`, [{ path, message }]);

/** Connects one platform's store for a brand: saved, synced (or syncing), audited. */
type ConnectPlatform<P extends ConnectStoreInput['platform']> = (
  userId: string,
  brandId: string,
  input: Extract<ConnectStoreInput, { platform: P }>,
  ip: string | null,
) => Promise<StoreConnectionRow>;

/** The audit log (decision 042): who connected or disconnected which store of which brand, from where. */
function auditStore(
  db: Database,
  action: 'store.connected' | 'store.disconnected',
  userId: string,
  brandId: string,
  connection: Pick<StoreConnectionRow, 'name' | 'platform'>,
  ip: string | null,
) {
  return recordAudit(db, {
    brandId,
    actorUserId: userId,
    action,
    target: connection.name,
    detail: { brandId, platform: connection.platform },
    ip,
  });
}

/** A brand's store connection: verified with a test call, saved with its credentials sealed, described, removed. */
export function createStoreConnections({
  db,
  secretBox,
  access,
  sync,
  settings,
  log,
}: {
  db: Database;
  secretBox: SecretBox;
  access: StoreAccess;
  sync: CatalogSync;
  settings: { shopifyApiVersion: string; publicUrl: string };
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  async function describe(connection: StoreConnectionRow): Promise<StoreConnection> {
    const counts = await queries.countCatalog(db, connection.id);
    return {
      id: connection.id,
      brandId: connection.brandId,
      platform: connection.platform,
      name: connection.name,
      storeAddress: connection.platform === 'sample' ? null : connection.storeKey,
      currency: connection.currency,
      productCount: counts.products,
      variantCount: counts.variants,
      sync: {
        state: connection.syncState,
        done: connection.syncDone,
        total: connection.syncTotal,
        error: connection.syncError,
        startedAt: connection.syncStartedAt?.toISOString() ?? null,
        lastSyncAt: connection.lastSyncAt?.toISOString() ?? null,
      },
      lastWebhookAt: connection.lastWebhookAt?.toISOString() ?? null,
      connectedAt: connection.createdAt.toISOString(),
    };
  }

  /** Replaces the brand's connection (and so its catalog); the brand shows as connected. */
  async function save(brandId: string, values: Parameters<typeof queries.replaceConnectionOfBrand>[2]) {
    const saved = await queries.replaceConnectionOfBrand(db, brandId, values);
    // A Shopify shop belongs to one brand: its webhooks name only the shop. Its owner disconnects it first.
    if (!saved) {
      throw new AppError(
        'CONFLICT',
        'This shop is already connected to another brand; disconnect it there first',
      );
    }
    access.forgetConnection(brandId);
    return saved;
  }

  async function verifyShopify(shopDomain: string, accessToken: string) {
    const client = createShopifyAdminClient({
      baseUrl: shopifyBaseUrl(shopDomain),
      accessToken,
      apiVersion: settings.shopifyApiVersion,
      fetch: access.guardedFetch,
      maxThrottleRetries: 1,
    });
    try {
      return await client.getShop(AbortSignal.timeout(10_000));
    } catch (error) {
      const reason = describeStoreFailure(error);
      throw badStore(reason.startsWith('bad credentials') ? 'accessToken' : 'shopDomain', reason);
    }
  }

  async function verifyWooCommerce(
    input: Extract<ConnectStoreInput, { platform: 'woocommerce' }>,
    storeUrl: string,
  ) {
    const client = createWooCommerceClient({
      storeUrl,
      consumerKey: input.consumerKey,
      consumerSecret: input.consumerSecret,
      fetch: access.guardedFetch,
    });
    let currency: string;
    try {
      await client.listProducts(1, 1);
      currency = await client.getCurrency();
    } catch (error) {
      const reason = describeStoreFailure(error);
      throw badStore(reason.startsWith('bad credentials') ? 'consumerKey' : 'storeUrl', reason);
    }
    // Stores before WooCommerce 9.x have no /checkout-link/: their links use ?add-to-cart=.
    let checkoutStyle: 'checkout-link' | 'add-to-cart' = 'checkout-link';
    try {
      // Only the first answer matters (a new store redirects onward to its checkout): checked, not followed.
      const probe = await access.guardedFetch(`${storeUrl}/checkout-link/`, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      });
      await probe.body?.cancel();
      if (probe.status === 404) checkoutStyle = 'add-to-cart';
    } catch {
      checkoutStyle = 'checkout-link';
    }
    return { client, checkoutStyle, currency };
  }

  /** The webhooks WooCommerce should call; a failure leaves the connection working on reconciliation alone. */
  async function registerWooWebhooks(
    client: ReturnType<typeof createWooCommerceClient>,
    connectionId: string,
    secret: string,
  ) {
    const deliveryUrl = new URL(`/api/webhooks/woocommerce/${connectionId}`, settings.publicUrl).toString();
    for (const topic of [
      'product.created',
      'product.updated',
      'product.deleted',
      'order.created',
      'order.updated',
    ]) {
      try {
        await client.createWebhook({ name: `Voicecart ${topic}`, topic, deliveryUrl, secret });
      } catch (error) {
        log?.warn(
          { connectionId, topic, reason: describeStoreFailure(error) },
          'WooCommerce webhook not registered',
        );
      }
    }
  }

  /**
   * The order topics revenue attribution needs (`read_orders` is already asked for), delivered to our signed
   * Shopify endpoint; a failure leaves the connection counting orders through reconciliation alone.
   */
  async function subscribeShopifyOrders(connection: StoreConnectionRow) {
    const uri = new URL('/api/webhooks/shopify', settings.publicUrl).toString();
    try {
      await (await access.storeClientOf(connection)).subscribeOrderWebhooks?.(uri);
    } catch (error) {
      log?.warn(
        { connectionId: connection.id, reason: describeStoreFailure(error) },
        'Shopify order webhooks not subscribed',
      );
    }
  }

  /**
   * A Shopify shop with a token (pasted, or from the OAuth install): a test call, the connection saved, its
   * order webhooks subscribed, a sync started, the audit entry.
   */
  async function connectShopify(
    userId: string,
    brandId: string,
    shopDomain: string,
    credentials: Extract<StoreCredentials, { platform: 'shopify' }>,
    ip: string | null,
  ): Promise<StoreConnectionRow> {
    const shop = await verifyShopify(shopDomain, credentials.accessToken);
    const isLoopback = shopDomain.startsWith('127.0.0.1');
    const connection = await save(brandId, {
      platform: 'shopify',
      name: shop.name,
      // The canonical key of webhooks (X-Shopify-Shop-Domain); a loopback test shop keeps its address.
      storeKey: isLoopback ? shopDomain : shop.myshopifyDomain.toLowerCase(),
      storefrontUrl: isLoopback ? shopifyBaseUrl(shopDomain) : shop.primaryDomain.url,
      currency: shop.currencyCode,
      sealedCredentials: access.sealCredentials(credentials),
    });
    await subscribeShopifyOrders(connection);
    await sync.startSync(connection.id);
    await auditStore(db, 'store.connected', userId, brandId, connection, ip);
    return connection;
  }

  const connectWooCommerce: ConnectPlatform<'woocommerce'> = async (userId, brandId, input, ip) => {
    const storeUrl = new URL(input.storeUrl).origin + new URL(input.storeUrl).pathname.replace(/\/+$/, '');
    const { client, checkoutStyle, currency } = await verifyWooCommerce(input, storeUrl);
    const id = randomUUID();
    const webhookSecret = randomBytes(32).toString('base64url');
    const connection = await save(brandId, {
      id,
      platform: 'woocommerce',
      name: new URL(storeUrl).host,
      storeKey: storeUrl,
      storefrontUrl: storeUrl,
      currency,
      checkoutStyle,
      sealedCredentials: access.sealCredentials({
        platform: 'woocommerce',
        consumerKey: input.consumerKey,
        consumerSecret: input.consumerSecret,
      }),
      sealedWebhookSecret: secretBox.seal(webhookSecret, 'store-webhook-secret'),
    });
    await registerWooWebhooks(client, id, webhookSecret);
    await sync.startSync(connection.id);
    await auditStore(db, 'store.connected', userId, brandId, connection, ip);
    return connection;
  };

  const connectSample: ConnectPlatform<'sample'> = async (userId, brandId, input, ip) => {
    const sampleCatalog = input.catalog ?? 'apparel';
    const connection = await save(brandId, {
      platform: 'sample',
      name: sampleStoreNameOf(sampleCatalog),
      // The default catalog keeps no key (as before); the others are named by it.
      storeKey: sampleCatalog === 'apparel' ? null : sampleCatalog,
      storefrontUrl: null,
      currency: sampleStoreCurrency,
    });
    // The shipped file is local: sync it now, so the catalog is there when the request returns.
    await sync.runSync(connection.id);
    await auditStore(db, 'store.connected', userId, brandId, connection, ip);
    return connection;
  };

  return {
    /** Also the end of the Shopify OAuth install (shopify-install.ts), with the tokens it was given. */
    connectShopify,

    /** The access policy (decision 030): every member sees the store's status, managers change it. */
    async getStatus(userId: string, brandId: string): Promise<StoreConnection | null> {
      await authorize(db, userId, 'brand.read', { brandId });
      const connection = await queries.findConnectionOfBrand(db, brandId);
      return connection ? describe(connection) : null;
    },

    /** PUT /brands/{brandId}/store: test call, then store the connection (credentials sealed), then sync. */
    async connect(
      userId: string,
      brandId: string,
      input: ConnectStoreInput,
      ip: string | null = null,
    ): Promise<StoreConnection> {
      await authorize(db, userId, 'store.manage', { brandId });
      let connection: StoreConnectionRow;
      if (input.platform === 'sample') connection = await connectSample(userId, brandId, input, ip);
      else if (input.platform === 'woocommerce')
        connection = await connectWooCommerce(userId, brandId, input, ip);
      else {
        const credentials = { platform: 'shopify' as const, accessToken: input.accessToken };
        connection = await connectShopify(userId, brandId, input.shopDomain, credentials, ip);
      }
      return describe((await queries.findConnection(db, connection.id)) ?? connection);
    },

    /** DELETE: the connection and its whole catalog go (cascade); the brand shows as not connected. */
    async disconnect(userId: string, brandId: string, ip: string | null = null): Promise<void> {
      await authorize(db, userId, 'store.manage', { brandId });
      await db.transaction(async (tx) => {
        for (const connection of await queries.deleteConnectionOfBrand(tx, brandId)) {
          await auditStore(tx, 'store.disconnected', userId, brandId, connection, ip);
        }
        await queries.setBrandStoreConnected(tx, brandId, false);
      });
      access.forgetConnection(brandId);
    },

    /** The Store screen's "Sync now": the sample store at once, a real store through the job queue. */
    async requestSync(userId: string, brandId: string): Promise<StoreConnection> {
      await authorize(db, userId, 'store.manage', { brandId });
      const connection = await queries.findConnectionOfBrand(db, brandId);
      if (!connection) throw new AppError('CONFLICT', 'This brand has no store connected');
      if (connection.platform === 'sample') await sync.runSync(connection.id);
      else await sync.startSync(connection.id);
      return describe((await queries.findConnection(db, connection.id)) ?? connection);
    },
  };
}

export type StoreConnections = ReturnType<typeof createStoreConnections>;
