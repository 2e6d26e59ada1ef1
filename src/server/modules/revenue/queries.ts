import { sql } from 'drizzle-orm';
import { addDays, firstOfMonth, utcDayOf, wholeMonthsOf } from '#contracts/calendar.ts';
import type { Database } from '#server/db/client.ts';

/**
 * The Revenue screen's reads, over the brands the caller may see (access.ts) and a range of UTC days
 * [from, to). An order counts when paid and not cancelled; its revenue is its total less what was refunded.
 * Money stays integer minor units here (sums cast back to bigint); routes format it.
 */
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const brandList = (brandIds: string[]) =>
  sql`array[${sql.join(
    brandIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

export interface Range {
  brandIds: string[];
  from: Date;
  /** Exclusive. */
  until: Date;
}

const inDays = (range: Range) =>
  sql`r.brand_id = any(${brandList(range.brandIds)})
    and r.day >= ${utcDayOf(range.from)}::date and r.day < ${utcDayOf(range.until)}::date`;

/*
 * Totals, days, products and links read the daily roll-ups (migration 0013, decision 039), which triggers keep
 * equal to the sums over store_orders and checkout_links in the same transaction as every change: a year of a
 * user's orders is a few thousand roll-up rows, not every order.
 */
export function totalsByCurrency(db: Database, range: Range) {
  return rowsOf<{ currency: string; revenue: string; refunded: string; orders: number }>(
    db,
    sql`select r.currency, sum(r.revenue_minor)::bigint as revenue, sum(r.refunded_minor)::bigint as refunded,
        sum(r.orders)::int as orders
      from revenue_daily r
      where ${inDays(range)}
      group by r.currency
      having sum(r.orders) > 0`,
  );
}

export function linksByCurrency(db: Database, range: Range) {
  return rowsOf<{ currency: string; links: number; conversations: number }>(
    db,
    sql`select r.currency, sum(r.links)::int as links,
        count(distinct nullif(r.conversation_key, ''))::int as conversations
      from revenue_links_daily r
      where ${inDays(range)} and r.links > 0
      group by r.currency`,
  );
}

export function dailyByCurrency(db: Database, range: Range) {
  return rowsOf<{ date: string; currency: string; revenue: string; orders: number }>(
    db,
    sql`select to_char(r.day, 'YYYY-MM-DD') as date, r.currency,
        sum(r.revenue_minor)::bigint as revenue, sum(r.orders)::int as orders
      from revenue_daily r
      where ${inDays(range)}
      group by r.day, r.currency
      having sum(r.orders) > 0
      order by 1, 2`,
  );
}

/** Whole calendar months of the range from the monthly roll-up, the days before and after them from the daily. */
export function topProducts(db: Database, range: Range, limit = 10) {
  const from = utcDayOf(range.from);
  const until = utcDayOf(range.until);
  const brands = brandList(range.brandIds);
  const { months } = wholeMonthsOf(from, addDays(until, -1));
  const monthsAndDays = ([firstMonth, lastMonth]: [string, string]) => {
    const endMonth = firstOfMonth(lastMonth, 1);
    return sql`select r.product_title, r.currency, r.revenue_minor, r.orders from revenue_products_monthly r
        where r.brand_id = any(${brands}) and r.month >= ${firstMonth}::date and r.month < ${endMonth}::date
      union all
      select r.product_title, r.currency, r.revenue_minor, r.orders from revenue_products_daily r
        where r.brand_id = any(${brands})
          and ((r.day >= ${from}::date and r.day < ${firstMonth}::date)
            or (r.day >= ${endMonth}::date and r.day < ${until}::date))`;
  };
  const parts = months
    ? monthsAndDays(months)
    : sql`select r.product_title, r.currency, r.revenue_minor, r.orders from revenue_products_daily r
        where ${inDays(range)}`;
  return rowsOf<{ productTitle: string; currency: string; revenue: string; orders: number }>(
    db,
    sql`select p.product_title as "productTitle", p.currency,
        sum(p.revenue_minor)::bigint as revenue, sum(p.orders)::int as orders
      from (${parts}) p
      group by 1, 2
      having sum(p.orders) > 0
      order by 3 desc, 1
      limit ${limit}`,
  );
}

/** Where a page of orders ends: the last order's time and id (newest first, ties by id). */
export interface OrdersCursor {
  placedAt: string;
  id: string;
}

export function listOrders(db: Database, range: Range, limit: number, after?: OrdersCursor) {
  return rowsOf<{
    id: string;
    brandId: string;
    conversationId: string | null;
    buyerUsername: string | null;
    platform: string;
    orderNumber: string;
    placedAt: string | Date;
    currency: string;
    total: string;
    refunded: string;
    status: 'pending' | 'paid' | 'cancelled' | 'refunded' | 'partially_refunded';
    cursorAt: string;
  }>(
    db,
    // The cursor keeps the stored microseconds: a JavaScript Date would round them and skip or repeat orders.
    sql`select to_char(o.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt", o.id, o.brand_id as "brandId", o.conversation_id as "conversationId",
        c.customer_username as "buyerUsername", o.platform, o.order_number as "orderNumber",
        o.placed_at as "placedAt", o.currency, o.total_minor as total, o.refunded_minor as refunded, o.status
      from store_orders o left join conversations c on c.id = o.conversation_id
      where o.brand_id = any(${brandList(range.brandIds)})
        and o.placed_at >= ${range.from.toISOString()} and o.placed_at < ${range.until.toISOString()}
        ${after ? sql`and (o.placed_at, o.id) < (${after.placedAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.placed_at desc, o.id desc
      limit ${limit}`,
  );
}

/** A conversation's newest attributed order (the conversation view's badge). */
export async function latestOrderOfConversation(db: Database, brandIds: string[], conversationId: string) {
  const [row] = await rowsOf<{ orderNumber: string; currency: string; total: string; status: string }>(
    db,
    sql`select o.order_number as "orderNumber", o.currency, o.total_minor as total, o.status
      from store_orders o
      where o.conversation_id = ${conversationId} and o.brand_id = any(${brandList(brandIds)})
      order by o.placed_at desc limit 1`,
  );
  return row ?? null;
}
