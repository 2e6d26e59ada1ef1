import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { CatalogVariantRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { isUuid } from '#server/ids.ts';
import type { CatalogProduct, CatalogService, CatalogVariant, ProductMatch } from '#server/ports/catalog.ts';
import { buildCheckoutUrl } from './platforms.ts';
import * as queries from './queries.ts';
import { searchCatalog } from './search.ts';
import { describeStoreFailure, type StoreAccess } from './store-access.ts';

const variantNotFound = () => new AppError('NOT_FOUND', 'Variant not found');
const badQuantity = () =>
  new AppError('BAD_REQUEST', 'quantity: must be a whole number from 1 to 999', [
    { path: 'quantity', message: 'must be a whole number from 1 to 999' },
  ]);
const isQuantity = (quantity: number) => Number.isInteger(quantity) && quantity >= 1 && quantity <= 999;

/** A link id: short enough for a DM, too long to guess (decision 027). */
const newLinkId = () => randomBytes(9).toString('base64url');

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

/**
 * The catalog port (`#server/ports/catalog.ts`): the answers the assistant and the Store screen's find box use:
 * which product a buyer means, live stock, alternatives, checkout links.
 */
export function createCatalogAnswers({
  db,
  access,
  settings,
  log,
}: {
  db: Database;
  access: StoreAccess;
  settings: {
    /** Our own address: the sample store's cart page hangs off it. */
    publicUrl: string;
    /** The live stock check's deadline (about 800 ms, so a reply stays fast). */
    liveDeadlineMs?: number | undefined;
  };
  log?: { warn(obj: object, msg: string): void } | undefined;
}): CatalogService {
  const liveDeadlineMs = settings.liveDeadlineMs ?? 800;

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

  /** A conversation id from the caller is kept only when it can be one (the link is still stored without it). */
  const conversationOf = (conversationId: string | undefined) =>
    conversationId && isUuid(conversationId) ? conversationId : null;

  return {
    async hasStore(brandId) {
      const connection = await access.connectionOfBrand(brandId);
      return connection ? { platform: connection.platform, name: connection.name } : null;
    },

    async findProducts({ brandId, text, limit = 5 }) {
      const connection = await access.connectionOfBrand(brandId);
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
      const connection = await access.connectionOfBrand(brandId);
      if (!connection || !isUuid(productId)) return null;
      return (await productsWithVariants(connection.id, [productId])).get(productId) ?? null;
    },

    async checkStock({ brandId, variantId, deadlineMs = liveDeadlineMs }) {
      const started = performance.now();
      const connection = await access.connectionOfBrand(brandId);
      if (!connection || !isUuid(variantId)) throw variantNotFound();
      const found = await queries.findVariantOfConnection(db, connection.id, variantId);
      if (!found) throw variantNotFound();
      const { variant, product } = found;
      try {
        const live = await access.fetchLiveStock(
          connection,
          { id: variant.id, externalId: variant.externalId, productExternalId: product.externalId },
          deadlineMs,
        );
        if (live) {
          return {
            variantId,
            quantity: live.quantity,
            availableForSale: live.availableForSale,
            price: live.price,
            currency: variant.currency,
            source: 'live',
            asOf: live.asOf.toISOString(),
            latencyMs: Math.round(performance.now() - started),
          };
        }
      } catch (error) {
        log?.warn(
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
      const connection = await access.connectionOfBrand(brandId);
      if (!connection || !isUuid(productId)) return [];
      const base = (await productsWithVariants(connection.id, [productId])).get(productId);
      if (!base) return [];
      const out: ProductMatch[] = [];
      const otherVariants = base.variants.filter((v) => v.availableForSale && v.id !== variantId);
      if (otherVariants.length > 0)
        out.push({ product: base, variantIds: otherVariants.map((v) => v.id), score: 1 });
      const similarIds = await queries.listSimilarProductIds(db, connection.id, base, limit);
      const products = await productsWithVariants(connection.id, similarIds);
      for (const id of similarIds) {
        const product = products.get(id);
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
      const connection = await access.connectionOfBrand(brandId);
      if (!connection || !isUuid(variantId)) throw variantNotFound();
      if (!isQuantity(quantity)) throw badQuantity();
      const found = await queries.findVariantOfConnection(db, connection.id, variantId);
      if (!found) throw variantNotFound();
      // Every link the assistant hands out gets its own id, stored with what it quoted (decision 027): in a
      // conversation, or in the playground (no conversation: the Try-it walk's Place order still counts). The
      // Store screen's find box only shows a link (track: false) and gets none.
      const linkId = track ? newLinkId() : undefined;
      if (linkId) {
        await queries.insertCheckoutLink(db, {
          id: linkId,
          brandId,
          conversationId: conversationOf(conversationId),
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
      const connection = await access.connectionOfBrand(brandId);
      if (!connection) throw variantNotFound();
      if (items.length === 0 || items.length > 20)
        throw new AppError('BAD_REQUEST', 'items: from 1 to 20 variants', [
          { path: 'items', message: 'from 1 to 20 variants' },
        ]);
      const found = [];
      for (const item of items) {
        if (!isUuid(item.variantId)) throw variantNotFound();
        if (!isQuantity(item.quantity)) throw badQuantity();
        const row = await queries.findVariantOfConnection(db, connection.id, item.variantId);
        if (!row) throw variantNotFound();
        found.push({ ...row, quantity: item.quantity });
      }
      // One link id for the whole basket, stored with every line it quoted (decision 027).
      const linkId = newLinkId();
      await queries.insertCheckoutLink(db, {
        id: linkId,
        brandId,
        conversationId: conversationOf(conversationId),
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
}
