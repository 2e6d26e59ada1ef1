import { z } from '#contracts/zod.ts';
import { parseMinorUnits } from '#contracts/money.ts';
import { decimalString, nullable } from '../http/store-response.ts';
import type { IncomingOrder } from '#server/ports/revenue.ts';

/**
 * A WooCommerce REST order (the `order.created|updated` webhook body is the same resource) as an incoming order.
 * There is no paid topic: an order is paid when its status is `processing` or `completed` with `date_paid` set.
 * Refunds arrive on the order (`refunds[]`, negative totals). Attribution: our links carry
 * `utm_campaign=voicecart&utm_content=<link id>`, which WooCommerce's order attribution stores as meta
 * `_wc_order_attribution_utm_content`.
 */
export const wooOrderSchema = z.object({
  id: z.number().int().positive(),
  number: z.string().optional(),
  status: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'not a currency code'),
  total: decimalString,
  date_created_gmt: z.string(),
  date_modified_gmt: nullable(z.string()),
  date_paid_gmt: nullable(z.string()),
  line_items: z
    .array(
      z.object({
        name: z.string().optional(),
        quantity: z.number().optional(),
        total: decimalString.optional(),
      }),
    )
    .default([]),
  refunds: z.array(z.object({ id: z.number().int(), total: decimalString })).default([]),
  meta_data: z.array(z.object({ key: z.string(), value: z.unknown() })).default([]),
});

export type WooOrder = z.infer<typeof wooOrderSchema>;

/** WooCommerce's `_gmt` dates carry no zone: they are UTC. */
function gmt(value: string | null | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A parsed order; null when its amount does not fit its currency or its creation time cannot be read. */
export function mapWooOrder(body: WooOrder): IncomingOrder | null {
  const currency = body.currency;
  const total = parseMinorUnits(body.total, currency);
  const placedAt = gmt(body.date_created_gmt);
  if (total === null || !placedAt) return null;
  const updatedAt = gmt(body.date_modified_gmt) ?? placedAt;
  const paidAt = gmt(body.date_paid_gmt);
  const meta = new Map(body.meta_data.map((entry) => [entry.key, entry.value]));
  const linkIds: string[] = [];
  const content = meta.get('_wc_order_attribution_utm_content');
  if (
    meta.get('_wc_order_attribution_utm_campaign') === 'voicecart' &&
    typeof content === 'string' &&
    content
  ) {
    linkIds.push(content);
  }
  const refunds = body.refunds.map((refund) => ({
    refundId: String(refund.id),
    amountMinor: Math.abs(parseMinorUnits(refund.total, currency) ?? 0),
  }));
  return {
    platform: 'woocommerce',
    externalId: String(body.id),
    orderNumber: `#${body.number ?? body.id}`,
    placedAt,
    updatedAt,
    currency,
    totalMinor: total,
    refundedMinor: refunds.reduce((sum, refund) => sum + refund.amountMinor, 0),
    paidAt:
      (body.status === 'processing' || body.status === 'completed' || body.status === 'refunded') && paidAt
        ? paidAt
        : null,
    cancelledAt: body.status === 'cancelled' || body.status === 'failed' ? updatedAt : null,
    lines: body.line_items.map((line) => ({
      productTitle: line.name ?? '',
      quantity: line.quantity ?? 0,
      totalMinor: parseMinorUnits(line.total ?? '0', currency) ?? 0,
    })),
    attribution: { linkIds, conversationIds: [] },
    refunds,
  };
}
