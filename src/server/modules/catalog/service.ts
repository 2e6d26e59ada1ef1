import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatMinorUnits, parseMinorUnits } from '#contracts/money.ts';
import type { ConnectStoreInput, SampleCart, StoreConnection } from '#contracts/catalog.ts';
import type { Config } from '#server/config.ts';
import { authorize } from '#server/access/brand-access.ts';
import { recordAudit } from '#server/access/audit.ts';
import type { Action } from '#server/access/policy.ts';
import type { Database } from '#server/db/client.ts';
import {
  brands,
  catalogProducts,
  catalogVariants,
  checkoutLinks,
  shopifyOauthStates,
  storeConnections,
  type CatalogVariantRow,
  type StoreConnectionRow,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import {
  createGuardedFetch,
  OutboundAddressError,
  UnreachableError,
  type GuardedFetch,
} from '#server/integrations/http/guarded-fetch.ts';
import { createShopifyAdminClient, ShopifyError } from '#server/integrations/shopify/admin-client.ts';
import {
  buildAuthorizeUrl,
  exchangeCode,
  isValidShopifyQuery,
  refreshTokens,
} from '#server/integrations/shopify/oauth.ts';
import { createWooCommerceClient, WooCommerceError } from '#server/integrations/woocommerce/rest-client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import {
  buildCheckoutUrl,
  createStoreClient,
  shopifyBaseUrl,
  type StoreClient,
  type StoreCredentials,
} from './platforms.ts';
import * as queries from './queries.ts';
import type { StoreProductInput } from './store-data.ts';
import { sampleStoreCurrency, sampleStoreName, sampleStoreNameOf } from './sample-store/sample-store.ts';
import { searchCatalog } from './search.ts';

// ---- The port the assistant uses (#server/ports/catalog.ts) ----

export type {
  CatalogProduct,
  CatalogService,
  CatalogVariant,
  FindProductsResult,
  ProductMatch,
  StockAnswer,
} from '#server/ports/catalog.ts';
import type { CatalogProduct, CatalogService, CatalogVariant, ProductMatch } from '#server/ports/catalog.ts';
import { createShortCache } from '#server/short-cache.ts';
import type { OrderIngest } from '#server/ports/revenue.ts';
import { notifyAboutBrand } from '#server/notifications/notify.ts';

// ---- Settings and wiring ----

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
  /** Starts a full sync in the background (the job queue); absent: the caller runs `runSync` itself. */
  enqueueSync?: (connectionId: string) => Promise<void>;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Where the stores' orders go (modules/revenue through the port); without it orders are acknowledged only. */
  orders?: OrderIngest;
}

/** How long the connection row of a brand is kept for the assistant's questions (connectionOfBrand). */
const connectionCacheMs = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const brandNotFound = () => new AppError('NOT_FOUND', 'Brand not found');
const badStore = (path: string, message: string) =>
  new AppError('BAD_REQUEST', `${path}: ${message}`, [{ path, message }]);

/** The safe words for a store call that failed; never the credentials or the raw answer. */
function describeStoreFailure(error: unknown): string {
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

function toVariant(row: CatalogVariantRow): CatalogVariant {
  return {
    id: row.id,
    title: row.title,
    options: row.options,
    sku: row.sku,
    price: row.price,
    currency: row.currency,
    availableForSale: row.availableForSale,
    stockQuantity: row.stockQuantity,
  };
}

function toProduct(row: queries.CatalogProductSummary, variants: CatalogVariantRow[]): CatalogProduct {
  return {
    id: row.id,
    title: row.title,
    productType: row.productType,
    vendor: row.vendor,
    tags: row.tags,
    url: row.url,
    imageUrl: row.imageUrl,
    variants: variants.map(toVariant),
  };
}

export function createCatalogModule(deps: CatalogDeps) {
  const { db, secretBox, settings } = deps;
  const liveDeadlineMs = settings.liveDeadlineMs ?? 800;
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
      const sealed = secretBox.seal(JSON.stringify(fresh), 'store-credentials');
      const swapped = await db
        .update(storeConnections)
        .set({ sealedCredentials: sealed, updatedAt: new Date() })
        .where(
          and(
            eq(storeConnections.id, connection.id),
            eq(storeConnections.sealedCredentials, connection.sealedCredentials!),
          ),
        )
        .returning({ id: storeConnections.id });
      forgetConnection(connection.brandId);
      if (swapped.length > 0) {
        credentials = fresh;
        connection = { ...connection, sealedCredentials: sealed };
      } else {
        const current = await queries.findConnection(db, connection.id);
        if (current) credentials = openCredentials(current);
      }
    }
    return createStoreClient(connection, credentials, platformSettings);
  }

  /** The access policy (decision 030): every member sees the store's status, managers change it. */
  /** The audit log (decision 042): who connected which store to which brand, from where. */
  async function auditStore(
    userId: string,
    brandId: string,
    action: 'store.connected',
    connection: Pick<StoreConnectionRow, 'name' | 'platform'>,
    ip: string | null,
  ) {
    await recordAudit(db, {
      brandId,
      actorUserId: userId,
      action,
      target: connection.name,
      detail: { brandId, platform: connection.platform },
      ip,
    });
  }

  async function requireOwnedBrand(userId: string, brandId: string, action: Action = 'store.manage') {
    if (!UUID.test(brandId)) throw brandNotFound();
    await authorize(db, userId, action, { brandId });
  }

  /**
   * The assistant asks about one brand's store several times per reply (find, stock, link, alternatives): the
   * connection row is kept for a second. Changes made here forget it at once; another instance's change shows
   * within the second (a removed connection's catalog is gone with it, so a stale row finds nothing).
   */
  const connections = createShortCache<StoreConnectionRow | null>({ ttlMs: connectionCacheMs });
  const forgetConnection = (brandId: string) => connections.forget(brandId);
  async function connectionOfBrand(brandId: string) {
    if (!UUID.test(brandId)) return null;
    return connections.get(brandId, () => queries.findConnectionOfBrand(db, brandId));
  }

  async function describeConnection(connection: StoreConnectionRow): Promise<StoreConnection> {
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

  /** Replaces the brand's connection (and so its catalog) in one transaction; the brand shows as connected. */
  async function saveConnection(
    brandId: string,
    values: Omit<typeof storeConnections.$inferInsert, 'brandId'>,
  ) {
    const saved = await db.transaction(async (tx) => {
      // A Shopify shop belongs to one brand: its webhooks name only the shop, and a second brand linking it
      // (someone else's shop named in an install) would take its events. Its owner disconnects it first.
      if (values.platform === 'shopify' && values.storeKey) {
        const [taken] = await tx
          .select({ brandId: storeConnections.brandId })
          .from(storeConnections)
          .where(
            and(
              eq(storeConnections.platform, 'shopify'),
              eq(storeConnections.storeKey, values.storeKey),
              ne(storeConnections.brandId, brandId),
            ),
          )
          .limit(1);
        if (taken) {
          throw new AppError(
            'CONFLICT',
            'This shop is already connected to another brand; disconnect it there first',
          );
        }
      }
      await tx.delete(storeConnections).where(eq(storeConnections.brandId, brandId));
      const [row] = await tx
        .insert(storeConnections)
        .values({ ...values, brandId })
        .returning();
      // Deliberate (docs/spec-deviations.md): shopifyConnected means "a store is connected", any platform.
      await tx
        .update(brands)
        .set({ shopifyConnected: true, updatedAt: new Date() })
        .where(eq(brands.id, brandId));
      return row!;
    });
    forgetConnection(brandId);
    return saved;
  }

  async function verifyShopify(input: Extract<ConnectStoreInput, { platform: 'shopify' }>) {
    const client = createShopifyAdminClient({
      baseUrl: shopifyBaseUrl(input.shopDomain),
      accessToken: input.accessToken,
      apiVersion: settings.shopifyApiVersion,
      fetch: guardedFetch,
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
      fetch: guardedFetch,
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
      const probe = await guardedFetch(`${storeUrl}/checkout-link/`, {
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
        deps.log?.warn(
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
      await (await storeClientOf(connection)).subscribeOrderWebhooks?.(uri);
    } catch (error) {
      deps.log?.warn(
        { connectionId: connection.id, reason: describeStoreFailure(error) },
        'Shopify order webhooks not subscribed',
      );
    }
  }

  async function startSync(connectionId: string) {
    if (deps.enqueueSync) await deps.enqueueSync(connectionId);
    else await runSync(connectionId);
  }

  /**
   * Full sync: pages through the store, writing each page as it comes, with progress on the
   * connection row. Products not seen in this pass are removed at the end. One run per connection at a time.
   */
  async function runSync(connectionId: string): Promise<void> {
    const startedAt = new Date();
    const claimed = await db
      .update(storeConnections)
      .set({ syncState: 'running', syncDone: 0, syncTotal: null, syncError: null, syncStartedAt: startedAt })
      .where(
        and(
          eq(storeConnections.id, connectionId),
          sql`(${storeConnections.syncState} <> 'running' or ${storeConnections.syncStartedAt} < now() - interval '30 minutes')`,
        ),
      )
      .returning();
    const connection = claimed[0];
    if (!connection) return;
    let done = 0;
    try {
      const client = await storeClientOf(connection);
      let cursor: string | null = null;
      let total: number | null = null;
      // Small store pages (Shopify's cost limit allows 8 products) are written in batches: fewer transactions.
      let pending: StoreProductInput[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        await queries.upsertProducts(db, connectionId, pending);
        done += pending.length;
        pending = [];
        await db
          .update(storeConnections)
          .set({ syncDone: done, ...(total !== null ? { syncTotal: total } : {}) })
          .where(eq(storeConnections.id, connectionId));
      };
      for (let page = 0; page < 100_000; page += 1) {
        const result = await client.fetchProductsPage(cursor);
        total = result.total ?? total;
        pending.push(...result.products);
        if (pending.length >= 200) await flush();
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      await flush();
      await queries.deleteProductsNotSyncedSince(db, connectionId, startedAt);
      await queries.tidySearchIndexes(db);
      await db
        .update(storeConnections)
        .set({ syncState: 'done', syncTotal: done, lastSyncAt: new Date(), updatedAt: new Date() })
        .where(eq(storeConnections.id, connectionId));
    } catch (error) {
      const reason = describeStoreFailure(error);
      deps.log?.warn(
        {
          connectionId,
          reason,
          err:
            error instanceof Error && !(error instanceof ShopifyError) && !(error instanceof WooCommerceError)
              ? error.message
              : undefined,
        },
        'catalog sync failed',
      );
      await db.transaction(async (tx) => {
        await tx
          .update(storeConnections)
          .set({ syncState: 'failed', syncError: reason })
          .where(eq(storeConnections.id, connectionId));
        // Keyed by the run (decision 045): a retried job's own run notifies again, a repeated write does not.
        const refused = reason.startsWith('bad credentials');
        await notifyAboutBrand(tx, connection.brandId, {
          kind: refused ? 'store_reconnect' : 'store_sync_failed',
          title: refused
            ? `The store refused Voicecart's credentials: reconnect it to keep the catalog current.`
            : `The store sync failed: ${reason}.`,
          link: '/dashboard/shopify',
          audience: 'managers',
          sourceKey: `store-sync:${connectionId}:${startedAt.toISOString()}`,
        });
      });
      throw new Error(`catalog sync failed: ${reason}`);
    }
  }

  async function productsWithVariants(
    connectionId: string,
    productIds: string[],
  ): Promise<Map<string, CatalogProduct>> {
    const [rows, variants] = await Promise.all([
      queries.listProductsByIds(db, connectionId, productIds),
      queries.listVariantsOfProducts(db, productIds),
    ]);
    const out = new Map<string, CatalogProduct>();
    for (const row of rows)
      out.set(
        row.id,
        toProduct(
          row,
          variants.filter((variant) => variant.productId === row.id),
        ),
      );
    return out;
  }

  const catalog: CatalogService = {
    async hasStore(brandId) {
      const connection = await connectionOfBrand(brandId);
      return connection ? { platform: connection.platform, name: connection.name } : null;
    },

    async findProducts({ brandId, text, limit = 5 }) {
      const connection = await connectionOfBrand(brandId);
      if (!connection || text.trim() === '') return { outcome: 'none', matches: [], requestedOptions: [] };
      const found = await searchCatalog(db, {
        connectionId: connection.id,
        text,
        limit: Math.max(1, Math.min(limit, 20)),
      });
      return {
        outcome: found.outcome,
        requestedOptions: found.requestedOptions,
        matches: found.ranked.map(({ candidate, variantIds, score }) => ({
          product: {
            id: candidate.id,
            title: candidate.title,
            productType: candidate.productType,
            vendor: candidate.vendor,
            tags: candidate.tags,
            url: candidate.url,
            imageUrl: candidate.imageUrl,
            variants: candidate.variants.map(({ position: _position, ...variant }) => variant),
          },
          variantIds,
          score,
        })),
      };
    },

    async getProduct({ brandId, productId }) {
      const connection = await connectionOfBrand(brandId);
      if (!connection || !UUID.test(productId)) return null;
      return (await productsWithVariants(connection.id, [productId])).get(productId) ?? null;
    },

    async checkStock({ brandId, variantId, deadlineMs = liveDeadlineMs }) {
      const started = performance.now();
      const connection = await connectionOfBrand(brandId);
      if (!connection || !UUID.test(variantId)) throw new AppError('NOT_FOUND', 'Variant not found');
      const found = await queries.findVariantOfConnection(db, connection.id, variantId);
      if (!found) throw new AppError('NOT_FOUND', 'Variant not found');
      const { variant, product } = found;
      try {
        const live = await (
          await storeClientOf(connection)
        ).fetchVariantStock({
          variantExternalId: variant.externalId,
          productExternalId: product.externalId,
          signal: AbortSignal.timeout(deadlineMs),
        });
        if (live) {
          const now = new Date();
          // The mirror takes what the store just said (written only when it changed, or once a minute).
          await queries.writeLiveStock(db, variant.id, live, now);
          return {
            variantId,
            quantity: live.quantity,
            availableForSale: live.availableForSale,
            price: live.price,
            currency: variant.currency,
            source: 'live',
            asOf: now.toISOString(),
            latencyMs: Math.round(performance.now() - started),
          };
        }
      } catch (error) {
        deps.log?.warn(
          { variantId, reason: describeStoreFailure(error) },
          'live stock check fell back to the mirror',
        );
      }
      return {
        variantId,
        quantity: variant.stockQuantity,
        availableForSale: variant.availableForSale,
        price: variant.price,
        currency: variant.currency,
        source: 'mirror',
        asOf: variant.syncedAt.toISOString(),
        latencyMs: Math.round(performance.now() - started),
      };
    },

    async listAlternatives({ brandId, productId, variantId, limit = 5 }) {
      const connection = await connectionOfBrand(brandId);
      if (!connection || !UUID.test(productId)) return [];
      const base = (await productsWithVariants(connection.id, [productId])).get(productId);
      if (!base) return [];
      const out: ProductMatch[] = [];
      const otherVariants = base.variants.filter((v) => v.availableForSale && v.id !== variantId);
      if (otherVariants.length > 0)
        out.push({ product: base, variantIds: otherVariants.map((v) => v.id), score: 1 });
      const [baseRow] = await queries.listProductsByIds(db, connection.id, [productId]);
      const similar = (await db.execute(sql`
        select p.id from catalog_products p
        where p.connection_id = ${connection.id} and p.id <> ${productId} and p.status = 'active'
          and (p.product_type = ${baseRow!.productType} or p.tags && ${sql`array[${sql.join(
            (baseRow!.tags.length > 0 ? baseRow!.tags : ['']).map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`})
          and exists (select 1 from catalog_variants v where v.product_id = p.id and v.available_for_sale)
        order by (p.product_type = ${baseRow!.productType}) desc,
          cardinality(array(select unnest(p.tags) intersect select unnest(${sql`array[${sql.join(
            (baseRow!.tags.length > 0 ? baseRow!.tags : ['']).map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`}))) desc, p.title
        limit ${limit}
      `)) as unknown as { rows: { id: string }[] };
      const products = await productsWithVariants(
        connection.id,
        similar.rows.map((row) => row.id),
      );
      for (const row of similar.rows) {
        const product = products.get(row.id);
        if (!product) continue;
        out.push({
          product,
          variantIds: product.variants.filter((v) => v.availableForSale).map((v) => v.id),
          score: 0.5,
        });
      }
      return out.slice(0, limit);
    },

    async checkoutLink({ brandId, variantId, quantity, conversationId, track = true }) {
      const connection = await connectionOfBrand(brandId);
      if (!connection || !UUID.test(variantId)) throw new AppError('NOT_FOUND', 'Variant not found');
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999) {
        throw new AppError('BAD_REQUEST', 'quantity: must be a whole number from 1 to 999', [
          { path: 'quantity', message: 'must be a whole number from 1 to 999' },
        ]);
      }
      const found = await queries.findVariantOfConnection(db, connection.id, variantId);
      if (!found) throw new AppError('NOT_FOUND', 'Variant not found');
      // Every link the assistant hands out gets its own id, stored with what it quoted (decision 027): in a
      // conversation, or in the playground (no conversation: the Try-it walk's Place order still counts). The
      // Store screen's find box only shows a link (track: false) and gets none.
      const linkId = track ? randomBytes(9).toString('base64url') : undefined;
      if (linkId) {
        await db.insert(checkoutLinks).values({
          id: linkId,
          brandId,
          conversationId:
            conversationId && UUID.test(conversationId)
              ? sql`(select id from conversations where id = ${conversationId} and brand_id = ${brandId})`
              : null,
          items: [
            {
              variantId: found.variant.id,
              externalId: found.variant.externalId,
              quantity,
              unitPrice: found.variant.price,
              currency: found.variant.currency,
            },
          ],
        });
      }
      return {
        url: buildCheckoutUrl({
          connection,
          variant: {
            id: found.variant.id,
            externalId: found.variant.externalId,
            options: found.variant.options,
          },
          productExternalId: found.product.externalId,
          quantity,
          conversationId,
          linkId,
          publicUrl: settings.publicUrl,
        }),
      };
    },

    async basketLink({ brandId, items, conversationId }) {
      const connection = await connectionOfBrand(brandId);
      if (!connection) throw new AppError('NOT_FOUND', 'Variant not found');
      if (items.length === 0 || items.length > 20)
        throw new AppError('BAD_REQUEST', 'items: from 1 to 20 variants', [
          { path: 'items', message: 'from 1 to 20 variants' },
        ]);
      const found = [];
      for (const item of items) {
        if (!UUID.test(item.variantId)) throw new AppError('NOT_FOUND', 'Variant not found');
        if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 999)
          throw new AppError('BAD_REQUEST', 'quantity: must be a whole number from 1 to 999', [
            { path: 'quantity', message: 'must be a whole number from 1 to 999' },
          ]);
        const row = await queries.findVariantOfConnection(db, connection.id, item.variantId);
        if (!row) throw new AppError('NOT_FOUND', 'Variant not found');
        found.push({ ...row, quantity: item.quantity });
      }
      // One link id for the whole basket, stored with every line it quoted (decision 027).
      const linkId = randomBytes(9).toString('base64url');
      await db.insert(checkoutLinks).values({
        id: linkId,
        brandId,
        conversationId:
          conversationId && UUID.test(conversationId)
            ? sql`(select id from conversations where id = ${conversationId} and brand_id = ${brandId})`
            : null,
        items: found.map((row) => ({
          variantId: row.variant.id,
          externalId: row.variant.externalId,
          quantity: row.quantity,
          unitPrice: row.variant.price,
          currency: row.variant.currency,
        })),
      });
      const [first, ...rest] = found;
      return {
        url: buildCheckoutUrl({
          connection,
          variant: {
            id: first!.variant.id,
            externalId: first!.variant.externalId,
            options: first!.variant.options,
          },
          productExternalId: first!.product.externalId,
          quantity: first!.quantity,
          more: rest.map((row) => ({
            variant: { id: row.variant.id, externalId: row.variant.externalId },
            quantity: row.quantity,
          })),
          conversationId,
          linkId,
          publicUrl: settings.publicUrl,
        }),
      };
    },
  };

  return {
    catalog,
    orders: deps.orders,
    runSync,
    storeClientOf,
    openCredentials,
    guardedFetch,

    async getStatus(userId: string, brandId: string): Promise<StoreConnection | null> {
      await requireOwnedBrand(userId, brandId, 'brand.read');
      const connection = await queries.findConnectionOfBrand(db, brandId);
      return connection ? describeConnection(connection) : null;
    },

    /** PUT /brands/{brandId}/store: test call, then store the connection (credentials sealed), then sync. */
    async connect(
      userId: string,
      brandId: string,
      input: ConnectStoreInput,
      ip: string | null = null,
    ): Promise<StoreConnection> {
      await requireOwnedBrand(userId, brandId);
      let connection: StoreConnectionRow;
      if (input.platform === 'sample') {
        const sampleCatalog = input.catalog ?? 'apparel';
        connection = await saveConnection(brandId, {
          platform: 'sample',
          name: sampleStoreNameOf(sampleCatalog),
          // The default catalog keeps no key (as before); the others are named by it.
          storeKey: sampleCatalog === 'apparel' ? null : sampleCatalog,
          storefrontUrl: null,
          currency: sampleStoreCurrency,
        });
        // The shipped file is local: sync it now, so the catalog is there when the request returns.
        await runSync(connection.id);
      } else if (input.platform === 'shopify') {
        const shop = await verifyShopify(input);
        const isLoopback = input.shopDomain.startsWith('127.0.0.1');
        connection = await saveConnection(brandId, {
          platform: 'shopify',
          name: shop.name,
          // The canonical key of webhooks (X-Shopify-Shop-Domain); a loopback test shop keeps its address.
          storeKey: isLoopback ? input.shopDomain : shop.myshopifyDomain.toLowerCase(),
          storefrontUrl: isLoopback ? shopifyBaseUrl(input.shopDomain) : shop.primaryDomain.url,
          currency: shop.currencyCode,
          sealedCredentials: secretBox.seal(
            JSON.stringify({ platform: 'shopify', accessToken: input.accessToken }),
            'store-credentials',
          ),
        });
        await subscribeShopifyOrders(connection);
        await startSync(connection.id);
      } else {
        const storeUrl =
          new URL(input.storeUrl).origin + new URL(input.storeUrl).pathname.replace(/\/+$/, '');
        const { client, checkoutStyle, currency } = await verifyWooCommerce(input, storeUrl);
        const id = randomUUID();
        const webhookSecret = randomBytes(32).toString('base64url');
        connection = await saveConnection(brandId, {
          id,
          platform: 'woocommerce',
          name: new URL(storeUrl).host,
          storeKey: storeUrl,
          storefrontUrl: storeUrl,
          currency,
          checkoutStyle,
          sealedCredentials: secretBox.seal(
            JSON.stringify({
              platform: 'woocommerce',
              consumerKey: input.consumerKey,
              consumerSecret: input.consumerSecret,
            }),
            'store-credentials',
          ),
          sealedWebhookSecret: secretBox.seal(webhookSecret, 'store-webhook-secret'),
        });
        await registerWooWebhooks(client, id, webhookSecret);
        await startSync(connection.id);
      }
      await auditStore(userId, brandId, 'store.connected', connection, ip);
      const fresh = (await queries.findConnection(db, connection.id)) ?? connection;
      return describeConnection(fresh);
    },

    /**
     * Shopify OAuth install, step 1: a one-use `state` bound to this brand and shop, then
     * the authorize URL to send the browser to.
     */
    /** Whether this server has a Shopify app (SHOPIFY_API_KEY and SHOPIFY_API_SECRET) for "Install with Shopify". */
    shopifyInstallAvailable(): boolean {
      return Boolean(settings.shopifyApiKey && settings.shopifyApiSecret);
    },

    async startShopifyInstall(userId: string, brandId: string, shopDomain: string): Promise<string> {
      await requireOwnedBrand(userId, brandId);
      if (!settings.shopifyApiKey || !settings.shopifyApiSecret) {
        throw new AppError(
          'NOT_FOUND',
          'Shopify install is not set up on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)',
        );
      }
      if (shopDomain.startsWith('127.0.0.1') && !settings.allowLoopbackStores) {
        throw badStore('shop', 'address not allowed (loopback stores are off)');
      }
      const state = randomBytes(24).toString('base64url');
      await db.insert(shopifyOauthStates).values({
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
    async completeShopifyInstall(
      userId: string | null,
      query: Record<string, string>,
      ip: string | null = null,
    ): Promise<string> {
      const refuse = (message: string) => new AppError('BAD_REQUEST', `Shopify install refused: ${message}`);
      if (!settings.shopifyApiKey || !settings.shopifyApiSecret) {
        throw new AppError(
          'NOT_FOUND',
          'Shopify install is not set up on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)',
        );
      }
      if (!userId) throw new AppError('UNAUTHORIZED', 'Sign in, then install the Shopify app again');
      if (!isValidShopifyQuery(query, settings.shopifyApiSecret))
        throw refuse('the signature does not match');
      const timestamp = Number(query.timestamp);
      if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 3600)
        throw refuse('the request is stale');
      // The state is bound to the user who started the install: another browser (or none) finishing the flow
      // cannot link a shop to that user's brand, and cannot use up the state either.
      const [pending] = await db
        .delete(shopifyOauthStates)
        .where(and(eq(shopifyOauthStates.state, query.state ?? ''), eq(shopifyOauthStates.userId, userId)))
        .returning();
      if (!pending || pending.expiresAt.getTime() < Date.now()) throw refuse('unknown or expired state');
      if ((query.shop ?? '').toLowerCase() !== pending.shopDomain) throw refuse('the shop does not match');
      if (!query.code) throw refuse('no code');
      let tokens;
      try {
        tokens = await exchangeCode(guardedFetch, {
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
      const shop = await verifyShopify({
        platform: 'shopify',
        shopDomain: pending.shopDomain,
        accessToken: tokens.accessToken,
      });
      const isLoopback = pending.shopDomain.startsWith('127.0.0.1');
      const credentials: StoreCredentials = {
        platform: 'shopify',
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
      };
      const connection = await saveConnection(pending.brandId, {
        platform: 'shopify',
        name: shop.name,
        storeKey: isLoopback ? pending.shopDomain : shop.myshopifyDomain.toLowerCase(),
        storefrontUrl: isLoopback ? shopifyBaseUrl(pending.shopDomain) : shop.primaryDomain.url,
        currency: shop.currencyCode,
        sealedCredentials: secretBox.seal(JSON.stringify(credentials), 'store-credentials'),
      });
      await subscribeShopifyOrders(connection);
      await startSync(connection.id);
      await auditStore(userId, pending.brandId, 'store.connected', connection, ip);
      return pending.brandId;
    },

    /** DELETE: the connection and its whole catalog go (cascade); the brand shows as not connected. */
    async disconnect(userId: string, brandId: string, ip: string | null = null): Promise<void> {
      await requireOwnedBrand(userId, brandId);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(storeConnections)
          .where(eq(storeConnections.brandId, brandId))
          .returning({ name: storeConnections.name, platform: storeConnections.platform });
        for (const connection of gone) {
          await recordAudit(tx, {
            brandId,
            actorUserId: userId,
            action: 'store.disconnected',
            target: connection.name,
            detail: { brandId, platform: connection.platform },
            ip,
          });
        }
        await tx
          .update(brands)
          .set({ shopifyConnected: false, updatedAt: new Date() })
          .where(eq(brands.id, brandId));
      });
      forgetConnection(brandId);
    },

    async requestSync(userId: string, brandId: string): Promise<StoreConnection> {
      await requireOwnedBrand(userId, brandId);
      const connection = await queries.findConnectionOfBrand(db, brandId);
      if (!connection) throw new AppError('CONFLICT', 'This brand has no store connected');
      if (connection.platform === 'sample') await runSync(connection.id);
      else await startSync(connection.id);
      return describeConnection((await queries.findConnection(db, connection.id)) ?? connection);
    },

    /** The sample store's cart page: the lines of a sample checkout link (only sample-store variants). */
    async readSampleCart(items: string): Promise<SampleCart> {
      const lines = items.split(',').map((item) => {
        const [variantId, quantity] = item.split(':');
        return { variantId: variantId!.toLowerCase(), quantity: Number(quantity) };
      });
      const rows = await db
        .select({ variant: catalogVariants, productTitle: catalogProducts.title })
        .from(catalogVariants)
        .innerJoin(catalogProducts, eq(catalogProducts.id, catalogVariants.productId))
        .innerJoin(storeConnections, eq(storeConnections.id, catalogVariants.connectionId))
        .where(
          and(
            inArray(
              catalogVariants.id,
              lines.map((line) => line.variantId),
            ),
            eq(storeConnections.platform, 'sample'),
          ),
        );
      const found = lines.flatMap((line) => {
        const row = rows.find((r) => r.variant.id === line.variantId);
        if (!row || line.quantity < 1) return [];
        return [
          {
            productTitle: row.productTitle,
            variantTitle: row.variant.title,
            sku: row.variant.sku,
            quantity: line.quantity,
            unitPrice: row.variant.price,
            currency: row.variant.currency,
            availableForSale: row.variant.availableForSale,
          },
        ];
      });
      if (found.length === 0) throw new AppError('NOT_FOUND', 'This cart link has no sample-store items');
      return { storeName: sampleStoreName, lines: found };
    },

    /**
     * Order reconciliation for one store: the orders it changed after the watermark (at first, back to the first
     * link the brand sent), each through the same ingestion as a webhook, so what a webhook already brought ends
     * in the same row. The watermark moves to the newest change stored; the next pass re-reads five minutes
     * before it, for changes the store made visible late.
     */
    async reconcileOrders(connectionId: string): Promise<{ orders: number; stored: number }> {
      const connection = await queries.findConnection(db, connectionId);
      if (!connection || connection.platform === 'sample' || !deps.orders) return { orders: 0, stored: 0 };
      const ingest = deps.orders;
      let since = connection.ordersSyncedUntil
        ? new Date(connection.ordersSyncedUntil.getTime() - 5 * 60_000)
        : null;
      if (!since) {
        const [first] = await db
          .select({
            sentAt: sql<Date>`min(${checkoutLinks.sentAt})`.mapWith((v) => (v ? new Date(v) : null)),
          })
          .from(checkoutLinks)
          .where(eq(checkoutLinks.brandId, connection.brandId));
        // Stores keep whole seconds (WooCommerce's dates): an order placed in the link's second must not fall
        // before it. The same five minutes' overlap as later passes.
        since = new Date((first?.sentAt ?? connection.createdAt).getTime() - 5 * 60_000);
      }
      const client = await storeClientOf(connection);
      if (!client.ordersChangedSince) return { orders: 0, stored: 0 };
      let newest = connection.ordersSyncedUntil;
      let seen = 0;
      let stored = 0;
      for await (const page of client.ordersChangedSince(since)) {
        for (const order of page) {
          seen += 1;
          const outcome = await db.transaction((tx) => ingest.applyOrder(tx, connection.brandId, order));
          if (outcome === 'stored') stored += 1;
          if (!newest || order.updatedAt > newest) newest = order.updatedAt;
        }
        if (newest) {
          await db
            .update(storeConnections)
            .set({ ordersSyncedUntil: newest })
            .where(eq(storeConnections.id, connectionId));
        }
      }
      return { orders: seen, stored };
    },

    /**
     * The sample store's Place order: a paid order of the cart's sample-store lines, placed by the store the
     * variants belong to, delivered through the same ingestion as a real store's webhook (so it counts only when
     * it carries one of the brand's link ids, as a Shopify or WooCommerce order would).
     */
    async placeSampleOrder(items: string, ref: string | undefined) {
      const lines = items.split(',').map((item) => {
        const [variantId, quantity] = item.split(':');
        return { variantId: variantId!.toLowerCase(), quantity: Number(quantity) };
      });
      const rows = await db
        .select({
          variant: catalogVariants,
          productTitle: catalogProducts.title,
          brandId: storeConnections.brandId,
        })
        .from(catalogVariants)
        .innerJoin(catalogProducts, eq(catalogProducts.id, catalogVariants.productId))
        .innerJoin(storeConnections, eq(storeConnections.id, catalogVariants.connectionId))
        .where(
          and(
            inArray(
              catalogVariants.id,
              lines.map((line) => line.variantId),
            ),
            eq(storeConnections.platform, 'sample'),
          ),
        );
      const brandId = rows[0]?.brandId;
      const found = lines.flatMap((line) => {
        const row = rows.find((r) => r.variant.id === line.variantId && r.brandId === brandId);
        return row && line.quantity >= 1 ? [{ ...row, quantity: line.quantity }] : [];
      });
      if (!brandId || found.length === 0)
        throw new AppError('NOT_FOUND', 'This cart link has no sample-store items');
      const currency = found[0]!.variant.currency;
      const orderLines = found.map((line) => ({
        productTitle: line.productTitle,
        quantity: line.quantity,
        totalMinor: (parseMinorUnits(line.variant.price, currency) ?? 0) * line.quantity,
      }));
      const now = new Date();
      const order = {
        platform: 'sample' as const,
        externalId: randomUUID(),
        orderNumber: `#S${randomInt(10_000, 100_000)}`,
        placedAt: now,
        updatedAt: now,
        currency,
        totalMinor: orderLines.reduce((sum, line) => sum + line.totalMinor, 0),
        refundedMinor: 0,
        paidAt: now,
        cancelledAt: null,
        lines: orderLines,
        attribution: { linkIds: ref ? [ref] : [], conversationIds: [] },
        refunds: [],
      };
      const ingest = deps.orders;
      const outcome = ingest
        ? await db.transaction((tx) => ingest.applyOrder(tx, brandId, order))
        : 'unattributed';
      return {
        orderNumber: order.orderNumber,
        total: formatMinorUnits(order.totalMinor, currency),
        currency,
        attributed: outcome === 'stored',
      };
    },

    /** Every connection id with a real store (the reconciliation job re-syncs them). */
    async listSyncableConnections(): Promise<string[]> {
      const rows = await db
        .select({ id: storeConnections.id })
        .from(storeConnections)
        .where(inArray(storeConnections.platform, ['shopify', 'woocommerce']));
      return rows.map((row) => row.id);
    },
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
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  };
}
