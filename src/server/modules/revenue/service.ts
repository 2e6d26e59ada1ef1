import { addDays, startOfUtcDay } from '#contracts/calendar.ts';
import { formatMinorUnits } from '#contracts/money.ts';
import {
  revenueLimits,
  type RevenueOrdersPage,
  type RevenueOrdersQuery,
  type RevenueQuery,
  type RevenueReport,
} from '#contracts/revenue.ts';
import type { Database } from '#server/db/client.ts';
import { authorize } from '#server/access/brand-access.ts';
import { visibleBrandIds } from './access.ts';
import * as queries from './queries.ts';

/** The Revenue screen's figures: per currency side by side, never converted. */
export function createRevenueService({ db }: { db: Database }) {
  const money = (minor: string | number, currency: string) => formatMinorUnits(Number(minor), currency);

  const rangeOf = (brandIds: string[], query: { from: string; to: string }) => ({
    brandIds,
    from: startOfUtcDay(query.from),
    until: startOfUtcDay(addDays(query.to, 1)),
  });

  /** One page, newest first: one row more than asked says whether there is a next page. */
  async function ordersPage(
    range: queries.Range,
    limit: number,
    cursor: string | undefined,
  ): Promise<RevenueOrdersPage> {
    const after = cursor
      ? { placedAt: cursor.slice(0, cursor.indexOf('_')), id: cursor.slice(cursor.indexOf('_') + 1) }
      : undefined;
    const rows = await queries.listOrders(db, range, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      orders: page.map(({ cursorAt: _cursorAt, ...row }) => ({
        ...row,
        placedAt: new Date(row.placedAt).toISOString(),
        total: money(row.total, row.currency),
        refunded: money(row.refunded, row.currency),
      })),
      nextCursor: rows.length > limit && last ? `${last.cursorAt}_${last.id}` : null,
    };
  }

  return {
    async report(userId: string, query: RevenueQuery): Promise<RevenueReport> {
      const brandIds = await visibleBrandIds(db, userId, query.brandId);
      if (brandIds.length === 0)
        return { totals: [], daily: [], topProducts: [], orders: [], nextCursor: null };
      const range = rangeOf(brandIds, query);
      const [totals, links, daily, products, firstPage] = await Promise.all([
        queries.totalsByCurrency(db, range),
        queries.linksByCurrency(db, range),
        queries.dailyByCurrency(db, range),
        queries.topProducts(db, range),
        ordersPage(range, revenueLimits.firstPageOrders, undefined),
      ]);
      const currencies = [...new Set([...totals.map((t) => t.currency), ...links.map((l) => l.currency)])]
        .filter(Boolean)
        .sort();
      return {
        totals: currencies.map((currency) => {
          const total = totals.find((t) => t.currency === currency);
          const link = links.find((l) => l.currency === currency);
          const revenue = Number(total?.revenue ?? 0);
          const orderCount = total?.orders ?? 0;
          const linksSent = link?.links ?? 0;
          const conversationCount = link?.conversations ?? 0;
          return {
            currency,
            revenue: money(revenue, currency),
            refunded: money(total?.refunded ?? 0, currency),
            orders: orderCount,
            linksSent,
            conversionRate: linksSent > 0 ? Math.round((orderCount / linksSent) * 10_000) / 10_000 : 0,
            revenuePerConversation: money(
              conversationCount > 0 ? Math.round(revenue / conversationCount) : 0,
              currency,
            ),
            averageOrderValue: money(orderCount > 0 ? Math.round(revenue / orderCount) : 0, currency),
          };
        }),
        daily: daily.map((row) => ({ ...row, revenue: money(row.revenue, row.currency) })),
        topProducts: products.map((row) => ({ ...row, revenue: money(row.revenue, row.currency) })),
        orders: firstPage.orders,
        nextCursor: firstPage.nextCursor,
      };
    },

    /** The range's orders after `cursor`, newest first (the screen's table past its first page, and its CSV). */
    async orders(userId: string, query: RevenueOrdersQuery): Promise<RevenueOrdersPage> {
      const brandIds = await visibleBrandIds(db, userId, query.brandId);
      if (brandIds.length === 0) return { orders: [], nextCursor: null };
      return ordersPage(rangeOf(brandIds, query), query.limit, query.cursor);
    },

    /** The badge on a conversation: its newest attributed order, or null. */
    async conversationOrder(userId: string, conversationId: string) {
      const { brandId } = await authorize(db, userId, 'brand.read', { conversationId });
      const brandIds = [brandId];
      const row = await queries.latestOrderOfConversation(db, brandIds, conversationId);
      if (!row) return { order: null };
      return {
        order: {
          orderNumber: row.orderNumber,
          currency: row.currency,
          total: money(row.total, row.currency),
          status: row.status as RevenueReport['orders'][number]['status'],
        },
      };
    },
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;
