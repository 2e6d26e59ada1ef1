import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { storeOrderRefunds, storeOrders } from '#server/db/schema/index.ts';
import { isUuid } from '#server/ids.ts';
import type { IncomingOrder, OrderIngest, OrderOutcome } from '#server/ports/revenue.ts';

/**
 * Orders in, exactly once (decision 027). An order is stored only when it carries one of the brand's link ids
 * (or, on links sent before link ids, one of the brand's conversation ids). Its row is set from the payload with
 * the newest store `updated_at` and never added to, so a duplicate, a retry, a reconciliation pass or a reordered
 * delivery ends in the same row. Two facts only ever grow: once paid stays paid (`orders/paid` may come before
 * `orders/create` with the same time), and refunds are stored one by one under the store's refund id; the row's
 * refunded figure is the larger of the payload's and their sum.
 */

/** Sets refunded and status from the row's facts; run after every change to an order or its refunds. */
async function settle(tx: Database, brandId: string, platform: string, externalId: string) {
  await tx.execute(sql`
    update store_orders o set
      refunded_minor = r.refunded,
      status = case
        when o.cancelled_at is not null then 'cancelled'
        when o.paid_at is null then 'pending'
        when r.refunded >= o.total_minor and o.total_minor > 0 then 'refunded'
        when r.refunded > 0 then 'partially_refunded'
        else 'paid' end,
      updated_at = now()
    from (
      select greatest(
        (select payload_refunded_minor from store_orders
          where brand_id = ${brandId} and platform = ${platform} and external_id = ${externalId}),
        (select coalesce(sum(amount_minor), 0)::bigint from store_order_refunds
          where brand_id = ${brandId} and platform = ${platform} and order_external_id = ${externalId})
      ) as refunded
    ) r
    where o.brand_id = ${brandId} and o.platform = ${platform} and o.external_id = ${externalId}`);
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const textArray = (values: string[], type = sql`text[]`) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${type}`;
// Only well-formed ids: a malformed conversation attribute must not fail the cast (and the delivery).
const uuidArray = (values: string[]) => textArray(values.filter(isUuid), sql`uuid[]`);
const refundValues = (refunds: IncomingOrder['refunds']) =>
  refunds.length === 0
    ? sql`(null::text, null::bigint)`
    : sql.join(
        refunds.map((refund) => sql`(${refund.refundId}::text, ${refund.amountMinor}::bigint)`),
        sql`, `,
      );

/** An order's status from its facts (the same rule as `settle`). */
const statusOf = (cancelledAt: SQL, paidAt: SQL, total: SQL, refunded: SQL) =>
  sql`case
    when ${cancelledAt} is not null then 'cancelled'
    when ${paidAt} is null then 'pending'
    when ${refunded} >= ${total} and ${total} > 0 then 'refunded'
    when ${refunded} > 0 then 'partially_refunded'
    else 'paid' end`;

/**
 * The order's statement as CTEs (one round trip, decision 039): attribution, the order's own refunds, the row, and
 * its status from the merged row. `gate` is a condition that must hold for anything to be written (the delivery
 * being new, on the one-statement path). The refunds this statement inserts are not visible to its own reads, so
 * the sum adds the payload's refunds not stored yet; each is stored once under its refund id all the same.
 */
function orderCtes(brandId: string, order: IncomingOrder, gate: SQL): SQL {
  const refunded = sql`greatest(${order.refundedMinor}::bigint, (select total from refunds))`;
  return sql`link as (
            select l.id::text as link_id, l.conversation_id
            from checkout_links l
            where l.brand_id = ${brandId} and l.id = any(${textArray(order.attribution.linkIds)})
            order by array_position(${textArray(order.attribution.linkIds)}, l.id::text)
            limit 1
          ), attribution as (
            select link_id, conversation_id from (
              select link_id, conversation_id from link
              union all
              (select null::text, c.id from conversations c
                where not exists (select 1 from link)
                  and c.brand_id = ${brandId} and c.id = any(${uuidArray(order.attribution.conversationIds)})
                limit 1)
            ) found where ${gate}
          ), payload_refunds as (
            select * from (values ${refundValues(order.refunds)}) as r(refund_id, amount_minor)
            where r.refund_id is not null
          ), new_refunds as (
            insert into store_order_refunds (brand_id, platform, order_external_id, refund_id, amount_minor)
            select ${brandId}::uuid, ${order.platform}, ${order.externalId}, r.refund_id, r.amount_minor
            from payload_refunds r where exists (select 1 from attribution)
            on conflict do nothing
          ), refunds as (
            select (
              (select coalesce(sum(amount_minor), 0) from store_order_refunds
                where brand_id = ${brandId} and platform = ${order.platform}
                  and order_external_id = ${order.externalId})
              + (select coalesce(sum(r.amount_minor), 0) from payload_refunds r
                where not exists (select 1 from store_order_refunds s
                  where s.brand_id = ${brandId} and s.platform = ${order.platform}
                    and s.order_external_id = ${order.externalId} and s.refund_id = r.refund_id))
            )::bigint as total
          ), written as (
            insert into store_orders as o (brand_id, platform, external_id, order_number, placed_at, currency,
              total_minor, payload_refunded_minor, refunded_minor, paid_at, cancelled_at, status, link_id,
              conversation_id, lines, store_updated_at)
            select ${brandId}::uuid, ${order.platform}, ${order.externalId}, ${order.orderNumber},
              ${order.placedAt.toISOString()}::timestamptz, ${order.currency}, ${order.totalMinor}::bigint,
              ${order.refundedMinor}::bigint, ${refunded}, ${iso(order.paidAt)}::timestamptz,
              ${iso(order.cancelledAt)}::timestamptz,
              ${statusOf(
                sql`${iso(order.cancelledAt)}::timestamptz`,
                sql`${iso(order.paidAt)}::timestamptz`,
                sql`${order.totalMinor}::bigint`,
                refunded,
              )},
              a.link_id, a.conversation_id, ${JSON.stringify(order.lines)}::jsonb,
              ${order.updatedAt.toISOString()}::timestamptz
            from attribution a
            on conflict (brand_id, platform, external_id) do update set
              order_number = excluded.order_number,
              placed_at = excluded.placed_at,
              currency = excluded.currency,
              total_minor = excluded.total_minor,
              payload_refunded_minor = excluded.payload_refunded_minor,
              refunded_minor = excluded.refunded_minor,
              -- Once paid stays paid: orders/paid may come before orders/create with the same time.
              paid_at = coalesce(excluded.paid_at, o.paid_at),
              cancelled_at = excluded.cancelled_at,
              status = ${statusOf(
                sql`excluded.cancelled_at`,
                sql`coalesce(excluded.paid_at, o.paid_at)`,
                sql`excluded.total_minor`,
                sql`excluded.refunded_minor`,
              )},
              lines = case when jsonb_array_length(excluded.lines) > 0 then excluded.lines else o.lines end,
              store_updated_at = excluded.store_updated_at,
              updated_at = now()
            -- An older payload (a late retry, a reordered delivery) changes nothing but what only grows.
            where o.store_updated_at <= excluded.store_updated_at
            returning 1
          )`;
}

const outcomeColumns = sql`(select count(*) from attribution)::int as attributed,
  (select count(*) from written)::int as written`;

export function createOrderIngest(): OrderIngest {
  return {
    async applyOrder(tx, brandId, order): Promise<OrderOutcome> {
      const key = { brandId, platform: order.platform, externalId: order.externalId };
      const [result] = await rowsOf<{ attributed: number; written: number }>(
        tx,
        sql`with ${orderCtes(brandId, order, sql`true`)} select ${outcomeColumns}`,
      );
      if (!result || result.attributed === 0) return 'unattributed';
      if (result.written > 0) return 'stored';
      if (order.paidAt) {
        await tx
          .update(storeOrders)
          .set({ paidAt: order.paidAt })
          .where(
            and(
              eq(storeOrders.brandId, key.brandId),
              eq(storeOrders.platform, key.platform),
              eq(storeOrders.externalId, key.externalId),
              sql`${storeOrders.paidAt} is null`,
            ),
          );
      }
      await settle(tx, brandId, order.platform, order.externalId);
      return 'stale';
    },

    async applyOrderDelivery(db, brandId, order, delivery): Promise<OrderOutcome | 'duplicate'> {
      // Recorded only with a write (or with nothing to attribute): an older payload is left to applyOrder's path,
      // whose extra steps need the delivery record in the same transaction.
      const [result] = await rowsOf<{ fresh: boolean; attributed: number; written: number }>(
        db,
        sql`with fresh as (select (${delivery.isNew}) as ok),
          ${orderCtes(brandId, order, sql`(select ok from fresh)`)},
          ${delivery.record(
            sql`(select ok from fresh) and (exists (select 1 from written) or not exists (select 1 from attribution))`,
          )}
          select (select ok from fresh) as fresh, ${outcomeColumns}`,
      );
      if (!result?.fresh) return 'duplicate';
      if (result.attributed === 0) return 'unattributed';
      return result.written > 0 ? 'stored' : 'stale';
    },

    async applyRefund(tx, brandId, refund) {
      await tx
        .insert(storeOrderRefunds)
        .values({
          brandId,
          platform: refund.platform,
          orderExternalId: refund.orderExternalId,
          refundId: refund.refundId,
          amountMinor: refund.amountMinor,
        })
        .onConflictDoNothing();
      await settle(tx, brandId, refund.platform, refund.orderExternalId);
    },
  };
}
