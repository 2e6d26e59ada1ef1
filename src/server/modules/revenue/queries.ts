import { sql } from 'drizzle-orm';
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

const counted = sql`(o.paid_at is not null and o.cancelled_at is null)`;

export function totalsByCurrency(db: Database, range: Range) {
  return rowsOf<{ currency: string; revenue: string; refunded: string; orders: number }>(
    db,
    sql`select o.currency,
        coalesce(sum(o.total_minor - o.refunded_minor) filter (where ${counted}), 0)::bigint as revenue,
        coalesce(sum(o.refunded_minor) filter (where ${counted}), 0)::bigint as refunded,
        (count(*) filter (where ${counted}))::int as orders
      from store_orders o
      where o.brand_id = any(${brandList(range.brandIds)})
        and o.placed_at >= ${range.from.toISOString()} and o.placed_at < ${range.until.toISOString()}
      group by o.currency`,
  );
}

export function linksByCurrency(db: Database, range: Range) {
  return rowsOf<{ currency: string; links: number; conversations: number }>(
    db,
    sql`select coalesce(l.items -> 0 ->> 'currency', '') as currency, count(*)::int as links,
        count(distinct l.conversation_id)::int as conversations
      from checkout_links l
      where l.brand_id = any(${brandList(range.brandIds)})
        and l.sent_at >= ${range.from.toISOString()} and l.sent_at < ${range.until.toISOString()}
      group by 1`,
  );
}

export function dailyByCurrency(db: Database, range: Range) {
  return rowsOf<{ date: string; currency: string; revenue: string; orders: number }>(
    db,
    sql`select to_char(o.placed_at at time zone 'UTC', 'YYYY-MM-DD') as date, o.currency,
        sum(o.total_minor - o.refunded_minor)::bigint as revenue, count(*)::int as orders
      from store_orders o
      where o.brand_id = any(${brandList(range.brandIds)})
        and o.placed_at >= ${range.from.toISOString()} and o.placed_at < ${range.until.toISOString()}
        and ${counted}
      group by 1, 2
      order by 1, 2`,
  );
}

export function topProducts(db: Database, range: Range, limit = 10) {
  return rowsOf<{ productTitle: string; currency: string; revenue: string; orders: number }>(
    db,
    sql`select line ->> 'productTitle' as "productTitle", o.currency,
        sum((line ->> 'totalMinor')::bigint)::bigint as revenue, count(distinct o.id)::int as orders
      from store_orders o cross join lateral jsonb_array_elements(o.lines) as line
      where o.brand_id = any(${brandList(range.brandIds)})
        and o.placed_at >= ${range.from.toISOString()} and o.placed_at < ${range.until.toISOString()}
        and ${counted}
      group by 1, 2
      order by 3 desc, 1
      limit ${limit}`,
  );
}

export function listOrders(db: Database, range: Range, limit: number) {
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
  }>(
    db,
    sql`select o.id, o.brand_id as "brandId", o.conversation_id as "conversationId",
        c.customer_username as "buyerUsername", o.platform, o.order_number as "orderNumber",
        o.placed_at as "placedAt", o.currency, o.total_minor as total, o.refunded_minor as refunded, o.status
      from store_orders o left join conversations c on c.id = o.conversation_id
      where o.brand_id = any(${brandList(range.brandIds)})
        and o.placed_at >= ${range.from.toISOString()} and o.placed_at < ${range.until.toISOString()}
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
