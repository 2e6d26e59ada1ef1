import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { utcDayOf } from '#contracts/calendar.ts';
import { paths } from '#contracts/paths.ts';
import { runAhead, type Database } from '#server/db/client.ts';
import { catalogVariants, storeConnections, type StoreConnectionRow } from '#server/db/schema/index.ts';
import { isUuid } from '#server/ids.ts';
import { isValidShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';
import { mapShopifyRestOrder, mapShopifyRestRefund } from '#server/integrations/shopify/orders.ts';
import {
  parseShopifyWebhookBody,
  type ShopifyRestProduct,
  type ShopifyWebhookBody,
} from '#server/integrations/shopify/webhook-bodies.ts';
import { mapWooOrder } from '#server/integrations/woocommerce/orders.ts';
import { isValidWooWebhook, type WooVariation } from '#server/integrations/woocommerce/rest-client.ts';
import { parseWooWebhookBody } from '#server/integrations/woocommerce/webhook-bodies.ts';
import type { OrderDelivery } from '#server/ports/revenue.ts';
import { notifyAboutBrand } from '#server/notifications/notify.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { mapWooProduct } from './platforms.ts';
import * as queries from './queries.ts';
import type { CatalogModule } from './service.ts';
import { stripHtml, type StoreProductInput } from './store-data.ts';

/**
 * Store webhooks keep the mirror fresh. Signatures are checked on the raw bytes; each delivery is recorded under its dedupe key in the same transaction that applies it, so a replay is a
 * no-op, and an event older than our copy (store's updated time) never overwrites it.
 */
/** Clocks drift: a delivery may claim up to 5 minutes ahead of ours. */
const TRIGGERED_AT_FUTURE_MS = 5 * 60 * 1000;

/** A products/create|update body (REST resource) as a store product. */
export function mapShopifyRestProduct(body: ShopifyRestProduct, currency: string): StoreProductInput {
  const optionNames = (body.options ?? []).map((option) => option.name);
  return {
    externalId: body.admin_graphql_api_id ?? `gid://shopify/Product/${body.id}`,
    title: body.title,
    handle: body.handle ?? '',
    description: stripHtml(body.body_html ?? ''),
    productType: body.product_type ?? '',
    vendor: body.vendor ?? '',
    tags: (body.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    options: (body.options ?? []).filter((o) => !(o.name === 'Title' && o.values.join() === 'Default Title')),
    status: (body.status ?? 'active').toLowerCase(),
    imageUrl: body.image?.src ?? null,
    url: null,
    storeUpdatedAt: new Date(body.updated_at),
    variants: (body.variants ?? []).map((variant) => {
      const values = [variant.option1, variant.option2, variant.option3];
      const options = optionNames
        .map((name, index) => ({ name, value: values[index] ?? '' }))
        .filter((o) => o.value && !(o.name === 'Title' && o.value === 'Default Title'));
      const tracked = variant.inventory_management !== null && variant.inventory_management !== undefined;
      const quantity = variant.inventory_quantity ?? null;
      const policy = (variant.inventory_policy ?? 'deny').toLowerCase();
      return {
        externalId: variant.admin_graphql_api_id ?? `gid://shopify/ProductVariant/${variant.id}`,
        inventoryItemId: variant.inventory_item_id ? String(variant.inventory_item_id) : null,
        title: variant.title,
        options,
        sku: variant.sku || null,
        price: variant.price,
        currency,
        stockQuantity: tracked ? quantity : null,
        inventoryPolicy: policy,
        // REST bodies carry no availableForSale: sellable when untracked, in stock, or back-ordering.
        availableForSale: !tracked || policy === 'continue' || (quantity ?? 0) > 0,
      };
    }),
  };
}

/** An order body names its shop in `order_status_url` (the shop's own address). */
function orderBelongsToShop(orderStatusUrl: string | undefined, connection: StoreConnectionRow): boolean {
  if (orderStatusUrl === undefined) return false;
  let host: string;
  try {
    host = new URL(orderStatusUrl).host.toLowerCase();
  } catch {
    return false;
  }
  const hosts = [connection.storeKey, connection.storefrontUrl]
    .filter((value): value is string => Boolean(value))
    .map((value) => (value.includes('://') ? new URL(value).host : value).toLowerCase());
  return hosts.includes(host);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Records the delivery; false when it was already applied. Runs inside the caller's transaction, as one statement
 * (decision 039): the connection's last webhook time is only the Store screen's "last heard from", so it moves at
 * most once a minute; writing it on every delivery locked the connection row in every transaction of that shop.
 */
async function recordDelivery(
  tx: Database,
  connectionId: string,
  topic: string,
  eventKey: string,
  deliveryId?: string,
) {
  const result = (await tx.execute(sql`
    with recorded as (
      insert into catalog_webhook_events (connection_id, topic, event_key, delivery_id)
      values (${connectionId}, ${topic}, ${eventKey}, ${deliveryId ?? null})
      on conflict do nothing
      returning 1
    ), touched as (
      update store_connections set last_webhook_at = now()
      where id = ${connectionId}
        and (last_webhook_at is null or last_webhook_at < now() - interval '1 minute')
    )
    select count(*)::int as recorded from recorded`)) as unknown as { rows: { recorded: number }[] };
  return (result.rows[0]?.recorded ?? 0) > 0;
}

/**
 * The delivery record as the one-statement order path takes it (decision 054): the same row and the same
 * `last_webhook_at` touch as recordDelivery, written only when the order statement says so.
 */
function deliveryRecord(
  connectionId: string,
  topic: string,
  eventKey: string,
  deliveryId?: string,
): OrderDelivery {
  return {
    isNew: sql`not exists (select 1 from catalog_webhook_events where connection_id = ${connectionId}
      and topic = ${topic} and event_key = ${eventKey})`,
    record: (when) => sql`recorded as (
      insert into catalog_webhook_events (connection_id, topic, event_key, delivery_id)
      select ${connectionId}::uuid, ${topic}, ${eventKey}, ${deliveryId ?? null} where ${when}
      on conflict do nothing
      returning 1
    ), touched as (
      update store_connections set last_webhook_at = now()
      where id = ${connectionId} and ${when}
        and (last_webhook_at is null or last_webhook_at < now() - interval '1 minute')
    )`,
  };
}

export const catalogWebhookRoutes: FastifyPluginAsync<{
  db: Database;
  module: CatalogModule;
  secretBox: SecretBox;
  shopifyApiSecret: string | undefined;
  /** SHOPIFY_WEBHOOK_MAX_AGE_SECONDS (decision 032). */
  shopifyWebhookMaxAgeSeconds?: number;
}> = async (app, { db, module, secretBox, shopifyApiSecret, shopifyWebhookMaxAgeSeconds = 172_800 }) => {
  // The raw bytes are what the stores sign; parse JSON only after the signature holds.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/webhooks/shopify', (request, reply) =>
    // Ahead of queued database work (PGlite): Shopify waits 5 s for its answer.
    runAhead(async () => {
      if (!shopifyApiSecret) return reply.code(503).send({ message: 'Shopify webhooks are not configured' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isValidShopifyWebhook(raw, header(request, 'x-shopify-hmac-sha256'), shopifyApiSecret)) {
        return reply.code(401).send({ message: 'Invalid webhook signature' });
      }
      const topic = header(request, 'x-shopify-topic') ?? '';
      const shop = (header(request, 'x-shopify-shop-domain') ?? '').toLowerCase();
      const eventId = header(request, 'x-shopify-event-id') ?? header(request, 'x-shopify-webhook-id');
      if (!eventId) return reply.code(400).send({ message: 'Malformed webhook' });
      // Signed, so it is the store's: a body we cannot read is acknowledged (a retry would carry the same bytes),
      // logged with the field that is wrong and told to the brand's managers; nothing is applied or stored under
      // its event id.
      const parsed = parseShopifyWebhookBody(topic, raw);
      if (!parsed.success) {
        request.log.warn({ topic, shop, eventId, reason: parsed.reason }, 'Shopify webhook ignored');
        const connection = await shopifyConnectionOf(shop);
        if (connection) await notifyUnreadable(connection, parsed.reason);
        return reply.code(200).send({ ok: true, ignored: true, reason: parsed.reason });
      }
      const body = parsed.body;
      // Decision 032: the headers are outside the HMAC, so a captured signed body could be replayed under a fresh
      // event id. A delivery must say it was triggered recently; one far off is acknowledged (Shopify stops
      // retrying) and not applied, and the reconciliation job brings the mirror up to date if it was real.
      const triggeredAt = header(request, 'x-shopify-triggered-at');
      const triggeredMs = triggeredAt ? Date.parse(triggeredAt) : Number.NaN;
      const nowMs = Date.now();
      if (
        Number.isNaN(triggeredMs) ||
        triggeredMs < nowMs - shopifyWebhookMaxAgeSeconds * 1000 ||
        triggeredMs > nowMs + TRIGGERED_AT_FUTURE_MS
      ) {
        request.log.warn(
          { topic, shop, eventId, triggeredAt: triggeredAt ?? null },
          'Shopify webhook ignored: X-Shopify-Triggered-At is missing or far off',
        );
        return reply.code(200).send({ ok: true, ignored: true });
      }
      const connection = await shopifyConnectionOf(shop);
      // A shop we no longer hold: acknowledge, so Shopify stops retrying.
      if (!connection) return reply.code(200).send({ ok: true });
      // The shop header is not signed (every shop's deliveries share the app secret): an order must name the
      // shop we routed it to in its own signed body, or it is another shop's payload replayed here.
      if (body.kind === 'order' && !orderBelongsToShop(body.order.order_status_url, connection)) {
        return reply.code(400).send({ message: 'The order does not belong to this shop' });
      }
      const applied = await applyShopifyEvent(
        connection,
        topic,
        eventId,
        header(request, 'x-shopify-webhook-id'),
        body,
        triggeredAt,
      );
      return reply.code(200).send({ ok: true, duplicate: !applied });
    }),
  );

  async function shopifyConnectionOf(shop: string): Promise<StoreConnectionRow | undefined> {
    const [connection] = await db
      .select()
      .from(storeConnections)
      .where(and(eq(storeConnections.platform, 'shopify'), eq(storeConnections.storeKey, shop)))
      .limit(1);
    return connection;
  }

  /**
   * A signed delivery we could not read leaves the mirror behind until the next scheduled sync: the brand's
   * managers hear of it once a day per store (decision 045's source key), the log keeps every one.
   */
  async function notifyUnreadable(connection: { id: string; brandId: string }, reason: string) {
    await notifyAboutBrand(db, connection.brandId, {
      kind: 'store_sync_failed',
      title: `The store sent an update Voicecart could not read (${reason}); the next scheduled sync brings it in.`,
      link: paths.dashboard.shopify,
      audience: 'managers',
      sourceKey: `store-webhook-unreadable:${connection.id}:${utcDayOf(new Date())}`,
    });
  }

  async function applyShopifyEvent(
    connection: StoreConnectionRow,
    topic: string,
    eventId: string,
    webhookId: string | undefined,
    body: ShopifyWebhookBody,
    triggeredAt: string | undefined,
  ): Promise<boolean> {
    let liveVariant: { id: string; externalId: string; productExternalId: string } | null = null;
    // Most order deliveries are new and newest: one statement, no transaction (decision 054).
    if (body.kind === 'order' && module.orders) {
      const order = mapShopifyRestOrder(body.order, connection.currency);
      if (order) {
        const outcome = await module.orders.applyOrderDelivery(
          db,
          connection.brandId,
          order,
          deliveryRecord(connection.id, topic, eventId, webhookId),
        );
        if (outcome === 'duplicate') return false;
        if (outcome !== 'stale') return true;
      }
    }
    const applied = await db.transaction(async (tx) => {
      if (!(await recordDelivery(tx, connection.id, topic, eventId, webhookId))) return false;
      if (body.kind === 'order') {
        const order = mapShopifyRestOrder(body.order, connection.currency);
        if (order && module.orders) await module.orders.applyOrder(tx, connection.brandId, order);
      } else if (body.kind === 'refund') {
        const refund = mapShopifyRestRefund(body.refund, connection.currency);
        if (refund && module.orders)
          await module.orders.applyRefund(tx, connection.brandId, { ...refund, platform: 'shopify' });
      } else if (body.kind === 'product') {
        const product = mapShopifyRestProduct(body.product, connection.currency);
        if (!Number.isNaN(product.storeUpdatedAt.getTime()))
          await queries.upsertProducts(tx, connection.id, [product]);
      } else if (body.kind === 'product-deleted') {
        const when = triggeredAt ? new Date(triggeredAt) : undefined;
        await queries.deleteProduct(
          tx,
          connection.id,
          body.productId,
          when && !Number.isNaN(when.getTime()) ? when : undefined,
        );
      } else if (body.kind === 'inventory-level') {
        // No variant id in this payload: map the inventory item, then re-read the variant live below.
        const itemId = body.inventoryItemId;
        if (itemId) {
          const [row] = await tx
            .select({ id: catalogVariants.id, externalId: catalogVariants.externalId })
            .from(catalogVariants)
            .where(
              and(
                eq(catalogVariants.connectionId, connection.id),
                eq(catalogVariants.inventoryItemId, itemId),
              ),
            )
            .limit(1);
          if (row) liveVariant = { ...row, productExternalId: '' };
        }
      }
      return true;
    });
    if (applied && liveVariant) {
      const target = liveVariant as { id: string; externalId: string; productExternalId: string };
      try {
        await module.access.fetchLiveStock(connection, target, 3000);
      } catch {
        // The reconciliation job and the next live check catch up.
      }
    }
    return applied;
  }

  app.post<{ Params: { connectionId: string } }>('/webhooks/woocommerce/:connectionId', (request, reply) =>
    runAhead(async () => {
      const { connectionId } = request.params;
      if (!isUuid(connectionId)) return reply.code(404).send({ message: 'Not found' });
      const connection = await queries.findConnection(db, connectionId);
      if (!connection || connection.platform !== 'woocommerce' || !connection.sealedWebhookSecret) {
        return reply.code(404).send({ message: 'Not found' });
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = header(request, 'x-wc-webhook-signature');
      // WooCommerce pings a new webhook with a form body and no signature: acknowledge without work.
      if (!signature && raw.toString('utf8').startsWith('webhook_id='))
        return reply.code(200).send({ ok: true });
      if (
        !isValidWooWebhook(
          raw,
          signature,
          secretBox.open(connection.sealedWebhookSecret, 'store-webhook-secret'),
        )
      ) {
        return reply.code(401).send({ message: 'Invalid webhook signature' });
      }
      const topic = header(request, 'x-wc-webhook-topic') ?? '';
      // A 2xx, as for Shopify: WooCommerce turns a webhook off after a few failed deliveries, and a retry would
      // carry the same bytes. Logged with the wrong field and told to the managers; nothing is applied or stored
      // under its key.
      const ignore = async (reason: string) => {
        request.log.warn({ connectionId, topic, reason }, 'WooCommerce webhook ignored');
        await notifyUnreadable(connection, reason);
        return reply.code(200).send({ ok: true, ignored: true, reason });
      };
      const parsed = parseWooWebhookBody(topic, raw);
      if (!parsed.success) return ignore(parsed.reason);
      const body = parsed.body;
      const deliveryId = header(request, 'x-wc-webhook-delivery-id') ?? header(request, 'x-wc-delivery-id');
      const eventKey = deliveryId ?? `${body.id}:${body.modifiedAt ?? ''}`;

      if (body.kind === 'order') {
        const order = mapWooOrder(body.order);
        if (!order) return ignore(`${topic} body: the total does not fit the currency, or no creation time`);
        const outcome = module.orders
          ? await module.orders.applyOrderDelivery(
              db,
              connection.brandId,
              order,
              deliveryRecord(connection.id, topic, eventKey, deliveryId),
            )
          : 'stale';
        if (outcome !== 'stale')
          return reply.code(200).send({ ok: true, duplicate: outcome === 'duplicate' });
        const appliedOrder = await db.transaction(async (tx) => {
          if (!(await recordDelivery(tx, connection.id, topic, eventKey, deliveryId))) return false;
          if (module.orders) await module.orders.applyOrder(tx, connection.brandId, order);
          return true;
        });
        return reply.code(200).send({ ok: true, duplicate: !appliedOrder });
      }

      // Variations are not in the product body: fetch them before opening the transaction.
      let product: StoreProductInput | null = null;
      if (body.kind === 'product') {
        const full = body.product;
        let variations: WooVariation[] = [];
        if (full.type === 'variable') {
          const client = module.access.wooClientOf(connection);
          if (client) {
            try {
              variations = await client.listVariations(full.id);
            } catch {
              return reply
                .code(503)
                .send({ message: 'The store did not answer for the variations; retry later' });
            }
          }
        }
        product = mapWooProduct(full, variations, connection.currency);
      }
      const applied = await db.transaction(async (tx) => {
        if (!(await recordDelivery(tx, connection.id, topic, eventKey, deliveryId))) return false;
        if (product) await queries.upsertProducts(tx, connection.id, [product]);
        else if (topic === 'product.deleted') await queries.deleteProduct(tx, connection.id, String(body.id));
        return true;
      });
      return reply.code(200).send({ ok: true, duplicate: !applied });
    }),
  );
};
