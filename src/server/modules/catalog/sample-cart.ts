import { randomInt, randomUUID } from 'node:crypto';
import { formatMinorUnits, parseMinorUnits } from '#contracts/money.ts';
import type { SampleCart } from '#contracts/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { IncomingOrder, OrderIngest } from '#server/ports/revenue.ts';
import * as queries from './queries.ts';
import { sampleStoreName } from './sample-store/sample-store.ts';

const noSampleItems = () => new AppError('NOT_FOUND', 'This cart link has no sample-store items');

/** A sample checkout link's `items` (`variantId:quantity,…`) as lines. */
function parseCartItems(items: string) {
  return items.split(',').map((item) => {
    const [variantId, quantity] = item.split(':');
    return { variantId: variantId!.toLowerCase(), quantity: Number(quantity) };
  });
}

/** The sample store's cart page and its Place order (public: no account needed, nothing really sold). */
export function createSampleCart({ db, orders }: { db: Database; orders?: OrderIngest | undefined }) {
  return {
    /** The lines of a sample checkout link (only sample-store variants). */
    async read(items: string): Promise<SampleCart> {
      const lines = parseCartItems(items);
      const rows = await queries.listSampleVariants(
        db,
        lines.map((line) => line.variantId),
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
      if (found.length === 0) throw noSampleItems();
      return { storeName: sampleStoreName, lines: found };
    },

    /**
     * Place order: a paid order of the cart's sample-store lines, placed by the store the variants belong to,
     * delivered through the same ingestion as a real store's webhook (so it counts only when it carries one of
     * the brand's link ids, as a Shopify or WooCommerce order would).
     */
    async placeOrder(items: string, ref: string | undefined) {
      const lines = parseCartItems(items);
      const rows = await queries.listSampleVariants(
        db,
        lines.map((line) => line.variantId),
      );
      const brandId = rows[0]?.brandId;
      const found = lines.flatMap((line) => {
        const row = rows.find((r) => r.variant.id === line.variantId && r.brandId === brandId);
        return row && line.quantity >= 1 ? [{ ...row, quantity: line.quantity }] : [];
      });
      if (!brandId || found.length === 0) throw noSampleItems();
      const currency = found[0]!.variant.currency;
      const orderLines = found.map((line) => ({
        productTitle: line.productTitle,
        quantity: line.quantity,
        totalMinor: (parseMinorUnits(line.variant.price, currency) ?? 0) * line.quantity,
      }));
      const now = new Date();
      const order: IncomingOrder = {
        platform: 'sample',
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
      const outcome = orders
        ? await db.transaction((tx) => orders.applyOrder(tx, brandId, order))
        : 'unattributed';
      return {
        orderNumber: order.orderNumber,
        total: formatMinorUnits(order.totalMinor, currency),
        currency,
        attributed: outcome === 'stored',
      };
    },
  };
}
