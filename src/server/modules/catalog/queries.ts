import { and, eq, getTableColumns, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  brands,
  catalogProducts,
  catalogTerms,
  catalogVariants,
  checkoutLinks,
  shopifyOauthStates,
  storeConnections,
  type CatalogProductRow,
  type CatalogVariantRow,
  type CheckoutLinkItem,
  type StoreConnectionRow,
} from '#server/db/schema/index.ts';
import type { LiveVariantStock, StoreProductInput } from './store-data.ts';
import { catalogWords, normalizeText, sortLetters } from './text.ts';

async function findConnectionWhere(db: Database, condition: SQL) {
  const [row] = await db.select().from(storeConnections).where(condition).limit(1);
  return row ?? null;
}

export const findConnectionOfBrand = (db: Database, brandId: string) =>
  findConnectionWhere(db, eq(storeConnections.brandId, brandId));

export const findConnection = (db: Database, connectionId: string) =>
  findConnectionWhere(db, eq(storeConnections.id, connectionId));

const identityColumns = new Set(['id', 'connectionId', 'externalId']);

/**
 * The `set` of a mirror upsert: every column but the row's identity (id, connection, the store's id) takes the
 * incoming value (`excluded.<column>`), so a column added to the mirror follows the store without a second list.
 */
function incomingValues(table: typeof catalogProducts | typeof catalogVariants): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !identityColumns.has(key))
      .map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`]),
  );
}

/** The text trigram similarity runs over: every findable word once, in one spelling. */
function searchTextOf(product: StoreProductInput): string {
  return catalogWords(searchParts(product)).join(' ');
}

function searchParts(product: StoreProductInput): string[] {
  return [
    product.title,
    product.productType,
    product.vendor,
    ...product.tags,
    ...product.options.flatMap((option) => option.values),
    ...product.variants.map((variant) => variant.sku ?? ''),
  ];
}

/** Weighted document: title A, type and tags B, vendor, options and SKUs C (ts_rank weighs them 1, 0.4, 0.2). */
function searchVectorOf(product: StoreProductInput) {
  const typeAndTags = normalizeText([product.productType, ...product.tags].join(' '));
  const rest = normalizeText(
    [
      product.vendor,
      ...product.options.flatMap((o) => o.values),
      ...product.variants.map((v) => v.sku ?? ''),
    ].join(' '),
  );
  return sql`setweight(to_tsvector('english', ${normalizeText(product.title)}), 'A')
    || setweight(to_tsvector('english', ${typeAndTags}), 'B')
    || setweight(to_tsvector('english', ${rest}), 'C')`;
}

/**
 * Writes a page of products with their variants. A product whose stored `store_updated_at` is newer than the
 * incoming one is left alone (an old webhook or a slow page must not undo a newer change). Returns how many
 * products were written.
 */
export async function upsertProducts(
  db: Database,
  connectionId: string,
  products: readonly StoreProductInput[],
  syncedAt = new Date(),
): Promise<number> {
  if (products.length === 0) return 0;
  // One row per external id: a page that repeats a product keeps the newest copy.
  const byId = new Map<string, StoreProductInput>();
  for (const product of products) {
    const seen = byId.get(product.externalId);
    if (!seen || seen.storeUpdatedAt <= product.storeUpdatedAt) byId.set(product.externalId, product);
  }
  const unique = [...byId.values()];
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(catalogProducts)
      .values(
        unique.map((product) => {
          // The store's fields are the row's columns one to one; its variants go to their own table below.
          const { variants: _variants, ...fields } = product;
          return {
            ...fields,
            connectionId,
            syncedAt,
            searchText: searchTextOf(product),
            searchVector: searchVectorOf(product),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [catalogProducts.connectionId, catalogProducts.externalId],
        set: { ...incomingValues(catalogProducts), url: sql`coalesce(excluded.url, ${catalogProducts.url})` },
        setWhere: sql`${catalogProducts.storeUpdatedAt} <= excluded.store_updated_at`,
      })
      .returning({ id: catalogProducts.id, externalId: catalogProducts.externalId });
    // Seen in this pass even when our copy was newer: a full sync must not delete it as gone.
    await tx
      .update(catalogProducts)
      .set({ syncedAt })
      .where(
        and(
          eq(catalogProducts.connectionId, connectionId),
          inArray(
            catalogProducts.externalId,
            unique.map((product) => product.externalId),
          ),
        ),
      );
    if (written.length === 0) return 0;

    const productIdOf = new Map(written.map((row) => [row.externalId, row.id]));
    const variantRows = unique.flatMap((product) => {
      const productId = productIdOf.get(product.externalId);
      if (!productId) return [];
      return product.variants.map((variant, position) => ({
        productId,
        connectionId,
        externalId: variant.externalId,
        inventoryItemId: variant.inventoryItemId ?? null,
        title: variant.title,
        options: variant.options,
        sku: variant.sku || null,
        price: variant.price,
        currency: variant.currency,
        stockQuantity: variant.stockQuantity,
        inventoryPolicy: variant.inventoryPolicy.toLowerCase(),
        availableForSale: variant.availableForSale,
        position,
        storeUpdatedAt: product.storeUpdatedAt,
        syncedAt,
      }));
    });
    const productIds = [...productIdOf.values()];
    // Variants the store no longer lists for these products go; the rest are replaced in place.
    const keptExternalIds = variantRows.map((row) => row.externalId);
    await tx
      .delete(catalogVariants)
      .where(
        and(
          inArray(catalogVariants.productId, productIds),
          keptExternalIds.length > 0 ? notInArray(catalogVariants.externalId, keptExternalIds) : undefined,
        ),
      );
    for (let start = 0; start < variantRows.length; start += 500) {
      await tx
        .insert(catalogVariants)
        .values(variantRows.slice(start, start + 500))
        .onConflictDoUpdate({
          target: [catalogVariants.connectionId, catalogVariants.externalId],
          set: {
            ...incomingValues(catalogVariants),
            inventoryItemId: sql`coalesce(excluded.inventory_item_id, ${catalogVariants.inventoryItemId})`,
          },
        });
    }

    const terms = [
      ...new Set(
        unique.filter((p) => productIdOf.has(p.externalId)).flatMap((p) => catalogWords(searchParts(p))),
      ),
    ].filter((term) => term.length >= 3 && term.length <= 40 && /[a-z]/.test(term));
    if (terms.length > 0) {
      await tx
        .insert(catalogTerms)
        .values(terms.map((term) => ({ connectionId, term, sortedLetters: sortLetters(term) })))
        .onConflictDoNothing();
    }
    return written.length;
  });
}

/** A product the store deleted (webhook) goes with its variants; an older delete than our copy is ignored. */
export async function deleteProduct(
  db: Database,
  connectionId: string,
  externalId: string,
  storeTime?: Date,
) {
  await db
    .delete(catalogProducts)
    .where(
      and(
        eq(catalogProducts.connectionId, connectionId),
        eq(catalogProducts.externalId, externalId),
        storeTime
          ? sql`${catalogProducts.storeUpdatedAt} <= ${storeTime.toISOString()}::timestamptz`
          : undefined,
      ),
    );
}

/** After a full sync: products the store no longer has (not seen since the sync began) go. */
export async function deleteProductsNotSyncedSince(db: Database, connectionId: string, since: Date) {
  await db
    .delete(catalogProducts)
    .where(
      and(
        eq(catalogProducts.connectionId, connectionId),
        sql`${catalogProducts.syncedAt} < ${since.toISOString()}::timestamptz`,
      ),
    );
}

/**
 * After a full sync: the rows a sync writes wait in the GIN indexes' pending lists (fast update), which every
 * search would otherwise scan until a vacuum; PGlite has no autovacuum at all. Merging them and refreshing the
 * planner's statistics keeps search fast from the first buyer on (decision 011).
 */
export async function tidySearchIndexes(db: Database) {
  await db.execute(sql`select gin_clean_pending_list(index.oid) from pg_class index
    where index.relname in ('catalog_products_search_vector_idx', 'catalog_products_search_text_trgm_idx',
      'catalog_terms_trgm_idx')`);
  await db.execute(sql`analyze catalog_products, catalog_variants, catalog_terms`);
}

export async function countCatalog(db: Database, connectionId: string) {
  const [row] = await db
    .select({
      products: sql<number>`(select count(*)::int from ${catalogProducts} where ${catalogProducts.connectionId} = ${connectionId})`,
      variants: sql<number>`(select count(*)::int from ${catalogVariants} where ${catalogVariants.connectionId} = ${connectionId})`,
    })
    .from(sql`(select 1) as one`);
  return { products: row?.products ?? 0, variants: row?.variants ?? 0 };
}

export async function listVariantsOfProducts(
  db: Database,
  productIds: string[],
): Promise<CatalogVariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(catalogVariants)
    .where(inArray(catalogVariants.productId, productIds))
    .orderBy(catalogVariants.productId, catalogVariants.position);
}

/** What the assistant reads of a product: not its description or search text and vector, which can be long. */
export type CatalogProductSummary = Pick<
  CatalogProductRow,
  'id' | 'title' | 'productType' | 'vendor' | 'tags' | 'url' | 'imageUrl'
>;

export async function listProductsByIds(
  db: Database,
  connectionId: string,
  ids: string[],
): Promise<CatalogProductSummary[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: catalogProducts.id,
      title: catalogProducts.title,
      productType: catalogProducts.productType,
      vendor: catalogProducts.vendor,
      tags: catalogProducts.tags,
      url: catalogProducts.url,
      imageUrl: catalogProducts.imageUrl,
    })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.connectionId, connectionId), inArray(catalogProducts.id, ids)));
}

/**
 * A variant of the connection with its product's store id, for a stock check or a checkout link (twice per answer
 * in stock): only that column of the product, as its whole row carries the long search text and vector.
 */
export async function findVariantOfConnection(db: Database, connectionId: string, variantId: string) {
  const [row] = await db
    .select({ variant: catalogVariants, product: { externalId: catalogProducts.externalId } })
    .from(catalogVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogVariants.productId))
    .where(and(eq(catalogVariants.connectionId, connectionId), eq(catalogVariants.id, variantId)))
    .limit(1);
  return row ?? null;
}

/**
 * What the store just said about one variant, into the mirror: the live stock check and the Shopify inventory
 * webhook both write through here. A figure that has not changed is only marked as seen again once a minute, so
 * most checks write nothing (no row version, no WAL flush).
 */
export async function writeLiveStock(
  db: Database,
  variantId: string,
  live: LiveVariantStock,
  now = new Date(),
) {
  await db
    .update(catalogVariants)
    .set({
      stockQuantity: live.quantity,
      availableForSale: live.availableForSale,
      price: live.price,
      inventoryPolicy: live.inventoryPolicy,
      syncedAt: now,
    })
    .where(
      and(
        eq(catalogVariants.id, variantId),
        sql`(${catalogVariants.stockQuantity} is distinct from ${live.quantity}
          or ${catalogVariants.availableForSale} is distinct from ${live.availableForSale}
          or ${catalogVariants.price} is distinct from ${live.price}
          or ${catalogVariants.inventoryPolicy} is distinct from ${live.inventoryPolicy}
          or ${catalogVariants.syncedAt} < ${now.toISOString()}::timestamptz - interval '1 minute')`,
      ),
    );
}

// ---- Connections ----

/**
 * Replaces the brand's connection (and so its catalog) in one transaction; the brand shows as connected. Null,
 * with nothing written, when the Shopify shop is already another brand's: its webhooks name only the shop, so a
 * second brand linking it would take its events.
 */
export async function replaceConnectionOfBrand(
  db: Database,
  brandId: string,
  values: Omit<typeof storeConnections.$inferInsert, 'brandId'>,
): Promise<StoreConnectionRow | null> {
  return db.transaction(async (tx) => {
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
      if (taken) return null;
    }
    await tx.delete(storeConnections).where(eq(storeConnections.brandId, brandId));
    const [row] = await tx
      .insert(storeConnections)
      .values({ ...values, brandId })
      .returning();
    await setBrandStoreConnected(tx, brandId, true);
    return row!;
  });
}

/** The brand's connection goes, its whole catalog with it (cascade); returns what went, for the audit log. */
export async function deleteConnectionOfBrand(db: Database, brandId: string) {
  return db
    .delete(storeConnections)
    .where(eq(storeConnections.brandId, brandId))
    .returning({ name: storeConnections.name, platform: storeConnections.platform });
}

/** Deliberate (docs/spec-deviations.md): `shopify_connected` means "a store is connected", any platform. */
export async function setBrandStoreConnected(db: Database, brandId: string, connected: boolean) {
  await db
    .update(brands)
    .set({ shopifyConnected: connected, updatedAt: new Date() })
    .where(eq(brands.id, brandId));
}

/**
 * Saves refreshed credentials only over the ones that were read (compare-and-swap); false when another process
 * replaced them first.
 */
export async function swapCredentials(
  db: Database,
  connectionId: string,
  previous: string,
  next: string,
): Promise<boolean> {
  const swapped = await db
    .update(storeConnections)
    .set({ sealedCredentials: next, updatedAt: new Date() })
    .where(and(eq(storeConnections.id, connectionId), eq(storeConnections.sealedCredentials, previous)))
    .returning({ id: storeConnections.id });
  return swapped.length > 0;
}

/** Every connection id with a real store (the reconciliation jobs go through them). */
export async function listSyncableConnectionIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: storeConnections.id })
    .from(storeConnections)
    .where(inArray(storeConnections.platform, ['shopify', 'woocommerce']));
  return rows.map((row) => row.id);
}

// ---- Sync ----

/**
 * Marks a full sync as running and returns the connection; null when one is already running (one that started
 * over 30 minutes ago is taken to have died).
 */
export async function claimSync(db: Database, connectionId: string, startedAt: Date) {
  const [row] = await db
    .update(storeConnections)
    .set({ syncState: 'running', syncDone: 0, syncTotal: null, syncError: null, syncStartedAt: startedAt })
    .where(
      and(
        eq(storeConnections.id, connectionId),
        sql`(${storeConnections.syncState} <> 'running' or ${storeConnections.syncStartedAt} < now() - interval '30 minutes')`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function recordSyncProgress(
  db: Database,
  connectionId: string,
  done: number,
  total: number | null,
) {
  await db
    .update(storeConnections)
    .set({ syncDone: done, ...(total !== null ? { syncTotal: total } : {}) })
    .where(eq(storeConnections.id, connectionId));
}

export async function finishSync(db: Database, connectionId: string, done: number) {
  await db
    .update(storeConnections)
    .set({ syncState: 'done', syncTotal: done, lastSyncAt: new Date(), updatedAt: new Date() })
    .where(eq(storeConnections.id, connectionId));
}

export async function failSync(db: Database, connectionId: string, reason: string) {
  await db
    .update(storeConnections)
    .set({ syncState: 'failed', syncError: reason })
    .where(eq(storeConnections.id, connectionId));
}

/** When the brand sent its first checkout link (null: none yet): where order reconciliation starts. */
export async function findFirstLinkSentAt(db: Database, brandId: string): Promise<Date | null> {
  const [first] = await db
    .select({
      sentAt: sql<Date | null>`min(${checkoutLinks.sentAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(checkoutLinks)
    .where(eq(checkoutLinks.brandId, brandId));
  return first?.sentAt ?? null;
}

export async function setOrdersSyncedUntil(db: Database, connectionId: string, until: Date) {
  await db
    .update(storeConnections)
    .set({ ordersSyncedUntil: until })
    .where(eq(storeConnections.id, connectionId));
}

// ---- Shopify install ----

export async function insertOauthState(db: Database, values: typeof shopifyOauthStates.$inferInsert) {
  await db.insert(shopifyOauthStates).values(values);
}

/** Takes (deletes and returns) the install state issued to this user, so it is used once. */
export async function takeOauthState(db: Database, state: string, userId: string) {
  const [row] = await db
    .delete(shopifyOauthStates)
    .where(and(eq(shopifyOauthStates.state, state), eq(shopifyOauthStates.userId, userId)))
    .returning();
  return row ?? null;
}

// ---- The assistant's answers ----

/**
 * Other active products with a variant for sale, like the given one: the same product type first, then the most
 * tags in common.
 */
export async function listSimilarProductIds(
  db: Database,
  connectionId: string,
  base: Pick<CatalogProductRow, 'id' | 'productType' | 'tags'>,
  limit: number,
): Promise<string[]> {
  const tags = sql`array[${sql.join(
    (base.tags.length > 0 ? base.tags : ['']).map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const similar = (await db.execute(sql`
    select p.id from catalog_products p
    where p.connection_id = ${connectionId} and p.id <> ${base.id} and p.status = 'active'
      and (p.product_type = ${base.productType} or p.tags && ${tags})
      and exists (select 1 from catalog_variants v where v.product_id = p.id and v.available_for_sale)
    order by (p.product_type = ${base.productType}) desc,
      cardinality(array(select unnest(p.tags) intersect select unnest(${tags}))) desc, p.title
    limit ${limit}
  `)) as unknown as { rows: { id: string }[] };
  return similar.rows.map((row) => row.id);
}

/**
 * A checkout link as it was handed out (decision 027), tied to its conversation only when that conversation is
 * the brand's.
 */
export async function insertCheckoutLink(
  db: Database,
  link: { id: string; brandId: string; conversationId: string | null; items: CheckoutLinkItem[] },
) {
  await db.insert(checkoutLinks).values({
    id: link.id,
    brandId: link.brandId,
    conversationId: link.conversationId
      ? sql`(select id from conversations where id = ${link.conversationId} and brand_id = ${link.brandId})`
      : null,
    items: link.items,
  });
}

// ---- The sample cart ----

/** The sample store's variants among these ids, with their product's title and the brand they belong to. */
export async function listSampleVariants(db: Database, variantIds: string[]) {
  return db
    .select({
      variant: catalogVariants,
      productTitle: catalogProducts.title,
      brandId: storeConnections.brandId,
    })
    .from(catalogVariants)
    .innerJoin(catalogProducts, eq(catalogProducts.id, catalogVariants.productId))
    .innerJoin(storeConnections, eq(storeConnections.id, catalogVariants.connectionId))
    .where(and(inArray(catalogVariants.id, variantIds), eq(storeConnections.platform, 'sample')));
}
