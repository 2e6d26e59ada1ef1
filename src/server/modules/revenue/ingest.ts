import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { checkoutLinks, conversations, storeOrderRefunds, storeOrders } from '#server/db/schema/index.ts';
import type { IncomingOrder, OrderIngest, OrderOutcome } from '#server/ports/revenue.ts';

/**
 * Orders in, exactly once (decision 027). An order is stored only when it carries one of the brand's link ids
 * (or, on links sent before link ids, one of the brand's conversation ids). Its row is set from the payload with
 * the newest store `updated_at` and never added to, so a duplicate, a retry, a reconciliation pass or a reordered
 * delivery ends in the same row. Two facts only ever grow: once paid stays paid (`orders/paid` may come before
 * `orders/create` with the same time), and refunds are stored one by one under the store's refund id; the row's
 * refunded figure is the larger of the payload's and their sum.
 */

async function attributionOf(
  tx: Database,
  brandId: string,
  attribution: IncomingOrder['attribution'],
): Promise<{ linkId: string | null; conversationId: string | null } | null> {
  if (attribution.linkIds.length > 0) {
    const links = await tx
      .select({ id: checkoutLinks.id, conversationId: checkoutLinks.conversationId })
      .from(checkoutLinks)
      .where(and(eq(checkoutLinks.brandId, brandId), inArray(checkoutLinks.id, attribution.linkIds)));
    const link = attribution.linkIds.map((id) => links.find((row) => row.id === id)).find(Boolean);
    if (link) return { linkId: link.id, conversationId: link.conversationId };
  }
  if (attribution.conversationIds.length > 0) {
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.brandId, brandId), inArray(conversations.id, attribution.conversationIds)))
      .limit(1);
    if (conversation) return { linkId: null, conversationId: conversation.id };
  }
  return null;
}

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

export function createOrderIngest(): OrderIngest {
  return {
    async applyOrder(tx, brandId, order): Promise<OrderOutcome> {
      const attributed = await attributionOf(tx, brandId, order.attribution);
      if (!attributed) return 'unattributed';
      for (const refund of order.refunds) {
        await tx
          .insert(storeOrderRefunds)
          .values({
            brandId,
            platform: order.platform,
            orderExternalId: order.externalId,
            refundId: refund.refundId,
            amountMinor: refund.amountMinor,
          })
          .onConflictDoNothing();
      }
      const written = await tx
        .insert(storeOrders)
        .values({
          brandId,
          platform: order.platform,
          externalId: order.externalId,
          orderNumber: order.orderNumber,
          placedAt: order.placedAt,
          currency: order.currency,
          totalMinor: order.totalMinor,
          payloadRefundedMinor: order.refundedMinor,
          refundedMinor: order.refundedMinor,
          paidAt: order.paidAt,
          cancelledAt: order.cancelledAt,
          status: 'pending',
          linkId: attributed.linkId,
          conversationId: attributed.conversationId,
          lines: order.lines,
          storeUpdatedAt: order.updatedAt,
        })
        .onConflictDoUpdate({
          target: [storeOrders.brandId, storeOrders.platform, storeOrders.externalId],
          set: {
            orderNumber: sql`excluded.order_number`,
            placedAt: sql`excluded.placed_at`,
            currency: sql`excluded.currency`,
            totalMinor: sql`excluded.total_minor`,
            payloadRefundedMinor: sql`excluded.payload_refunded_minor`,
            paidAt: sql`coalesce(excluded.paid_at, ${storeOrders.paidAt})`,
            cancelledAt: sql`excluded.cancelled_at`,
            lines: sql`case when jsonb_array_length(excluded.lines) > 0 then excluded.lines else ${storeOrders.lines} end`,
            storeUpdatedAt: sql`excluded.store_updated_at`,
          },
          // An older payload (a late retry, a reordered delivery) changes nothing but what only grows.
          setWhere: sql`${storeOrders.storeUpdatedAt} <= excluded.store_updated_at`,
        })
        .returning({ id: storeOrders.id });
      if (written.length === 0) {
        if (order.paidAt) {
          await tx
            .update(storeOrders)
            .set({ paidAt: order.paidAt })
            .where(
              and(
                eq(storeOrders.brandId, brandId),
                eq(storeOrders.platform, order.platform),
                eq(storeOrders.externalId, order.externalId),
                sql`${storeOrders.paidAt} is null`,
              ),
            );
        }
        await settle(tx, brandId, order.platform, order.externalId);
        return 'stale';
      }
      await settle(tx, brandId, order.platform, order.externalId);
      return 'stored';
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
