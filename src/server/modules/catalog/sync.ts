import { paths } from '#contracts/paths.ts';
import type { Database } from '#server/db/client.ts';
import { ShopifyError } from '#server/integrations/shopify/admin-client.ts';
import { WooCommerceError } from '#server/integrations/woocommerce/rest-client.ts';
import { notifyAboutBrand } from '#server/notifications/notify.ts';
import type { OrderIngest } from '#server/ports/revenue.ts';
import * as queries from './queries.ts';
import { describeStoreFailure, type StoreAccess } from './store-access.ts';
import type { StoreProductInput } from './store-data.ts';

/**
 * The store's catalog and orders into our database: the bodies of the `catalog-sync`, `catalog-reconcile`,
 * `orders-reconcile` and `orders-reconcile-store` jobs (jobs/worker.ts runs them).
 */
export function createCatalogSync({
  db,
  access,
  enqueueSync,
  orders,
  log,
}: {
  db: Database;
  access: StoreAccess;
  /** Starts a full sync in the background (the job queue); absent: `startSync` runs it at once. */
  enqueueSync?: ((connectionId: string) => Promise<void>) | undefined;
  /** Where the stores' orders go (modules/revenue through the port); without it orders are not reconciled. */
  orders?: OrderIngest | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  async function startSync(connectionId: string) {
    if (enqueueSync) await enqueueSync(connectionId);
    else await runSync(connectionId);
  }

  /**
   * Full sync: pages through the store, writing each page as it comes, with progress on the
   * connection row. Products not seen in this pass are removed at the end. One run per connection at a time.
   */
  async function runSync(connectionId: string): Promise<void> {
    const startedAt = new Date();
    const connection = await queries.claimSync(db, connectionId, startedAt);
    if (!connection) return;
    let done = 0;
    try {
      const client = await access.storeClientOf(connection);
      let cursor: string | null = null;
      let total: number | null = null;
      // Small store pages (Shopify's cost limit allows 8 products) are written in batches: fewer transactions.
      let pending: StoreProductInput[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        await queries.upsertProducts(db, connectionId, pending);
        done += pending.length;
        pending = [];
        await queries.recordSyncProgress(db, connectionId, done, total);
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
      await queries.finishSync(db, connectionId, done);
    } catch (error) {
      const reason = describeStoreFailure(error);
      log?.warn(
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
        await queries.failSync(tx, connectionId, reason);
        // Keyed by the run (decision 045): a retried job's own run notifies again, a repeated write does not.
        const refused = reason.startsWith('bad credentials');
        await notifyAboutBrand(tx, connection.brandId, {
          kind: refused ? 'store_reconnect' : 'store_sync_failed',
          title: refused
            ? `The store refused Voicecart's credentials: reconnect it to keep the catalog current.`
            : `The store sync failed: ${reason}.`,
          link: paths.dashboard.shopify,
          audience: 'managers',
          sourceKey: `store-sync:${connectionId}:${startedAt.toISOString()}`,
        });
      });
      throw new Error(`catalog sync failed: ${reason}`);
    }
  }

  /**
   * Order reconciliation for one store: the orders it changed after the watermark (at first, back to the first
   * link the brand sent), each through the same ingestion as a webhook, so what a webhook already brought ends
   * in the same row. The watermark moves to the newest change stored; the next pass re-reads five minutes
   * before it, for changes the store made visible late.
   */
  async function reconcileOrders(connectionId: string): Promise<{ orders: number; stored: number }> {
    const connection = await queries.findConnection(db, connectionId);
    if (!connection || connection.platform === 'sample' || !orders) return { orders: 0, stored: 0 };
    const ingest = orders;
    let since = connection.ordersSyncedUntil
      ? new Date(connection.ordersSyncedUntil.getTime() - 5 * 60_000)
      : null;
    if (!since) {
      const firstLinkAt = await queries.findFirstLinkSentAt(db, connection.brandId);
      // Stores keep whole seconds (WooCommerce's dates): an order placed in the link's second must not fall
      // before it. The same five minutes' overlap as later passes.
      since = new Date((firstLinkAt ?? connection.createdAt).getTime() - 5 * 60_000);
    }
    const client = await access.storeClientOf(connection);
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
      if (newest) await queries.setOrdersSyncedUntil(db, connectionId, newest);
    }
    return { orders: seen, stored };
  }

  return {
    startSync,
    runSync,
    reconcileOrders,
    /** Every connection id with a real store (the reconciliation jobs re-sync them). */
    listSyncableConnections: () => queries.listSyncableConnectionIds(db),
  };
}

export type CatalogSync = ReturnType<typeof createCatalogSync>;
