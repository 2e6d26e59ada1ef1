import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedByBrand } from './dashboard.ts';
import { createdAtNow, ownedBy, primaryUuid, timestamptz, timestamptzNow, updatedAtNow } from './columns.ts';

export const storePlatforms = ['shopify', 'woocommerce', 'sample'] as const;
export type StorePlatform = (typeof storePlatforms)[number];
export const syncStates = ['idle', 'running', 'done', 'failed'] as const;
export type SyncState = (typeof syncStates)[number];

/** PostgreSQL full-text document; written by SQL (setweight(to_tsvector(...))) in the product upsert. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One store per brand. Credentials are sealed with the secret box (AES-256-GCM) and never leave the
 * server; `sync_*` is the progress of the running or last full sync, read by the Store screen.
 */
export const storeConnections = pgTable(
  'store_connections',
  {
    id: primaryUuid(),
    brandId: ownedByBrand().unique(),
    platform: text('platform', { enum: storePlatforms }).notNull(),
    /** The store's own name (Shopify `shop.name`, WooCommerce site, or "Sample store"). */
    name: text('name').notNull(),
    /** Shopify: `acme.myshopify.com` (the API and webhook key). WooCommerce: the store URL. Sample: null. */
    storeKey: text('store_key'),
    /** Where buyers shop: Shopify `primaryDomain.url`, WooCommerce store URL, sample: null (our own cart page). */
    storefrontUrl: text('storefront_url'),
    currency: text('currency').notNull(),
    /** Sealed JSON of the platform's credentials; null for the sample store. */
    sealedCredentials: text('sealed_credentials'),
    /** Sealed secret of the WooCommerce webhooks we registered. */
    sealedWebhookSecret: text('sealed_webhook_secret'),
    /** WooCommerce: `checkout-link` (core since 2025) or `add-to-cart` for older stores, found when connecting. */
    checkoutStyle: text('checkout_style'),
    syncState: text('sync_state', { enum: syncStates }).notNull().default('idle'),
    syncDone: integer('sync_done').notNull().default(0),
    syncTotal: integer('sync_total'),
    syncError: text('sync_error'),
    syncStartedAt: timestamptz('sync_started_at'),
    lastSyncAt: timestamptz('last_sync_at'),
    lastWebhookAt: timestamptz('last_webhook_at'),
    /** Order reconciliation's watermark: orders the store changed after it are pulled again. */
    ordersSyncedUntil: timestamptz('orders_synced_until'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    check('store_connections_platform_check', sql`${table.platform} in ('shopify', 'woocommerce', 'sample')`),
    check(
      'store_connections_sync_state_check',
      sql`${table.syncState} in ('idle', 'running', 'done', 'failed')`,
    ),
    index('store_connections_store_key_idx').on(table.platform, table.storeKey),
  ],
);

/** A product as the store describes it, mirrored per connection. */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: primaryUuid(),
    connectionId: ownedBy('connection_id', () => storeConnections.id),
    /** The store's id: Shopify gid, WooCommerce integer as text, sample handle. */
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull().default(''),
    /** Plain text. */
    description: text('description').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    vendor: text('vendor').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `[{ name, values }]` in the store's order. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    imageUrl: text('image_url'),
    url: text('url'),
    /** The store's own last-modified time: an older webhook or page never overwrites a newer row. */
    storeUpdatedAt: timestamptz('store_updated_at').notNull(),
    syncedAt: timestamptzNow('synced_at'),
    /** Lower-cased words of title, type, vendor, tags, options and SKUs: what trigram similarity runs over. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector'),
  },
  (table) => [
    unique('catalog_products_connection_external_key').on(table.connectionId, table.externalId),
    index('catalog_products_search_vector_idx').using('gin', table.searchVector),
    index('catalog_products_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export const catalogVariants = pgTable(
  'catalog_variants',
  {
    id: primaryUuid(),
    productId: ownedBy('product_id', () => catalogProducts.id),
    connectionId: ownedBy('connection_id', () => storeConnections.id),
    /** Shopify variant gid, WooCommerce variation (or simple product) id, sample SKU. */
    externalId: text('external_id').notNull(),
    /** Shopify's inventory item id (from webhook payloads), to map `inventory_levels/update` to a variant. */
    inventoryItemId: text('inventory_item_id'),
    title: text('title').notNull(),
    options: jsonb('options').$type<{ name: string; value: string }[]>().notNull().default([]),
    sku: text('sku'),
    /** Decimal string as the store sent it. */
    price: text('price').notNull(),
    currency: text('currency').notNull(),
    /** Null when the store does not track stock for this variant. */
    stockQuantity: integer('stock_quantity'),
    /** Shopify `DENY`/`CONTINUE`, WooCommerce backorders `no`/`notify`/`yes`, lower-cased. */
    inventoryPolicy: text('inventory_policy').notNull().default('deny'),
    availableForSale: boolean('available_for_sale').notNull(),
    position: integer('position').notNull().default(0),
    storeUpdatedAt: timestamptz('store_updated_at').notNull(),
    /** When this row's stock figure was last true (sync, webhook or live check). */
    syncedAt: timestamptzNow('synced_at'),
  },
  (table) => [
    unique('catalog_variants_connection_external_key').on(table.connectionId, table.externalId),
    index('catalog_variants_product_idx').on(table.productId, table.position),
    // Exact SKU lookups from buyer text ignore case (the text's case is the buyer's, not the store's).
    index('catalog_variants_sku_idx').on(table.connectionId, sql`lower(${table.sku})`),
    index('catalog_variants_inventory_item_idx').on(table.connectionId, table.inventoryItemId),
  ],
);

/**
 * Every word of a connection's catalog with its letters sorted: the spelling corrector's dictionary. Trigram
 * similarity catches dropped and added letters ("hoodi"), the sorted letters catch swapped ones ("lenin").
 */
export const catalogTerms = pgTable(
  'catalog_terms',
  {
    connectionId: ownedBy('connection_id', () => storeConnections.id),
    term: text('term').notNull(),
    sortedLetters: text('sorted_letters').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.term] }),
    index('catalog_terms_trgm_idx').using('gin', table.term.op('gin_trgm_ops')),
    index('catalog_terms_sorted_idx').on(table.connectionId, table.sortedLetters),
  ],
);

/** Webhook deliveries already applied: the unique key makes a replay a no-op. */
export const catalogWebhookEvents = pgTable(
  'catalog_webhook_events',
  {
    id: primaryUuid(),
    connectionId: ownedBy('connection_id', () => storeConnections.id),
    topic: text('topic').notNull(),
    /** Shopify X-Shopify-Event-Id; WooCommerce delivery id, else resource id + date_modified. */
    eventKey: text('event_key').notNull(),
    deliveryId: text('delivery_id'),
    receivedAt: timestamptzNow('received_at'),
  },
  (table) => [unique('catalog_webhook_events_key').on(table.connectionId, table.topic, table.eventKey)],
);

/**
 * Shopify OAuth install in flight: the `state` nonce we sent, for whom, and until when.
 * Used once: the callback deletes it in the same statement that reads it.
 */
export const shopifyOauthStates = pgTable('shopify_oauth_states', {
  state: text('state').primaryKey(),
  brandId: ownedByBrand(),
  userId: uuid('user_id').notNull(),
  shopDomain: text('shop_domain').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export type StoreConnectionRow = typeof storeConnections.$inferSelect;
export type CatalogProductRow = typeof catalogProducts.$inferSelect;
export type CatalogVariantRow = typeof catalogVariants.$inferSelect;
