import { parse } from 'graphql';
import { z } from '#contracts/zod.ts';
import { parseMinorUnits } from '#contracts/money.ts';
import { decimalString, isoTime, nullable, numericId } from '../http/store-response.ts';
import { isUuid } from '#server/ids.ts';
import type { IncomingOrder, IncomingRefund } from '#server/ports/revenue.ts';

/**
 * Shopify orders in their two wire shapes: the REST resource of the `orders/*` webhooks (and the body of
 * `refunds/create`), and the Admin GraphQL `orders` connection the reconciliation job pages through.
 * Attribution keys: the cart attributes our links set (`voicecart_link`, `voicecart_conversation`), which land in
 * `note_attributes` / `customAttributes`, and `ref`, which lands in `landing_site_ref` / the last visit's
 * referral code.
 */
export const linkAttribute = 'voicecart_link';
export const conversationAttribute = 'voicecart_conversation';

/** What a `ref` value says: ours are `voicecart-<link id>`, or `voicecart-<conversation id>` on older links. */
export function attributionOfRef(ref: string | null | undefined): IncomingOrder['attribution'] {
  const out: IncomingOrder['attribution'] = { linkIds: [], conversationIds: [] };
  if (!ref?.startsWith('voicecart-')) return out;
  const value = ref.slice('voicecart-'.length);
  if (isUuid(value)) out.conversationIds.push(value.toLowerCase());
  else if (/^[A-Za-z0-9_-]{6,32}$/.test(value)) out.linkIds.push(value);
  return out;
}

function attributionOf(
  attributes: { key: string; value: string | null }[],
  ref: string | null | undefined,
): IncomingOrder['attribution'] {
  const found = attributionOfRef(ref);
  for (const { key, value } of attributes) {
    if (!value) continue;
    if (key === linkAttribute) found.linkIds.unshift(value);
    if (key === conversationAttribute && isUuid(value)) found.conversationIds.unshift(value.toLowerCase());
  }
  return found;
}

const date = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const paidStatuses = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * The REST resources of the order webhooks, with the fields we read; the rest of Shopify's body is dropped. What the
 * store may leave out (a refund's transactions, an order's lines) is optional, so a body without them still counts.
 */
const restTransactionSchema = z.object({
  amount: decimalString.optional(),
  kind: z.string().optional(),
  status: nullable(z.string()),
});

export const shopifyRestRefundSchema = z.object({
  id: numericId,
  order_id: numericId,
  transactions: z.array(restTransactionSchema).default([]),
});

export const shopifyRestOrderSchema = z.object({
  id: numericId,
  admin_graphql_api_id: z.string().optional(),
  name: z.string().optional(),
  order_number: z.number().int().optional(),
  created_at: isoTime,
  updated_at: nullable(z.string()),
  processed_at: nullable(z.string()),
  cancelled_at: nullable(z.string()),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'not a currency code')
    .optional(),
  total_price: decimalString,
  financial_status: nullable(z.string()),
  note_attributes: z
    .array(
      z.object({ name: z.string(), value: nullable(z.union([z.string(), z.number()]).transform(String)) }),
    )
    .default([]),
  landing_site_ref: nullable(z.string()),
  /** The shop's own address: the one signed field naming the shop (decision 032). */
  order_status_url: z.string().optional(),
  line_items: z
    .array(
      z.object({
        title: z.string().optional(),
        quantity: z.number().int().optional(),
        price: decimalString.optional(),
      }),
    )
    .default([]),
  // A refund listed on its order: one without an id cannot be counted once, and is left out.
  refunds: z
    .array(shopifyRestRefundSchema.partial({ id: true, order_id: true }))
    .default([])
    .transform((refunds) =>
      refunds.flatMap((refund) => (refund.id === undefined ? [] : [{ ...refund, id: refund.id }])),
    ),
});

export type ShopifyRestRefund = z.infer<typeof shopifyRestRefundSchema>;
export type ShopifyRestOrder = z.infer<typeof shopifyRestOrderSchema>;

/** The money a refund returned: its successful refund transactions. */
function refundedByTransactions(refund: Pick<ShopifyRestRefund, 'transactions'>, currency: string): number {
  let total = 0;
  for (const transaction of refund.transactions) {
    if (transaction.kind !== 'refund' || (transaction.status && transaction.status !== 'success')) continue;
    total += parseMinorUnits(transaction.amount ?? '0', currency) ?? 0;
  }
  return total;
}

/** An `orders/create|paid|updated|cancelled` body; null when its times cannot be read. */
export function mapShopifyRestOrder(body: ShopifyRestOrder, shopCurrency: string): IncomingOrder | null {
  const id = body.admin_graphql_api_id ?? `gid://shopify/Order/${body.id}`;
  const currency = body.currency ?? shopCurrency;
  const total = parseMinorUnits(body.total_price, currency);
  const placedAt = date(body.created_at);
  if (total === null || !placedAt) return null;
  const updatedAt = date(body.updated_at) ?? placedAt;
  const refunds: IncomingRefund[] = body.refunds.map((refund) => ({
    refundId: refund.id,
    amountMinor: refundedByTransactions(refund, currency),
  }));
  return {
    platform: 'shopify',
    externalId: id,
    orderNumber: body.name ?? `#${body.order_number ?? body.id}`,
    placedAt,
    updatedAt,
    currency,
    totalMinor: total,
    refundedMinor: refunds.reduce((sum, refund) => sum + refund.amountMinor, 0),
    paidAt: paidStatuses.has(String(body.financial_status)) ? (date(body.processed_at) ?? updatedAt) : null,
    cancelledAt: date(body.cancelled_at),
    lines: body.line_items.map((line) => ({
      productTitle: line.title ?? '',
      quantity: line.quantity ?? 0,
      totalMinor: (parseMinorUnits(line.price ?? '0', currency) ?? 0) * (line.quantity ?? 0),
    })),
    attribution: attributionOf(
      body.note_attributes.map((note) => ({ key: note.name, value: note.value })),
      body.landing_site_ref,
    ),
    refunds,
  };
}

/** A `refunds/create` body: the order's id and what this refund returned. */
export function mapShopifyRestRefund(
  refund: ShopifyRestRefund,
  currency: string,
): IncomingRefund & { orderExternalId: string } {
  return {
    orderExternalId: `gid://shopify/Order/${refund.order_id}`,
    refundId: refund.id,
    amountMinor: refundedByTransactions(refund, currency),
  };
}

/**
 * The reconciliation page: orders the store changed after a time, oldest change first. Ten orders of twenty lines
 * cost about 720 points, under Shopify's 1,000 a query; top products read the first twenty lines of an order.
 */
export const ordersQuery = parse(/* GraphQL */ `
  query Orders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        createdAt
        updatedAt
        processedAt
        cancelledAt
        displayFinancialStatus
        totalPriceSet {
          shopMoney {
            amount
            currencyCode
          }
        }
        totalRefundedSet {
          shopMoney {
            amount
            currencyCode
          }
        }
        customAttributes {
          key
          value
        }
        customerJourneySummary {
          lastVisit {
            referralCode
          }
        }
        lineItems(first: 20) {
          nodes {
            title
            quantity
            originalTotalSet {
              shopMoney {
                amount
              }
            }
          }
        }
      }
    }
  }
`);

/** Shared by every connection the client pages through. */
export const pageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  endCursor: nullable(z.string()),
});

const moneySetSchema = z.object({
  shopMoney: z.object({ amount: decimalString, currencyCode: z.string().optional() }),
});

const orderNodeSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  createdAt: isoTime,
  updatedAt: z.string(),
  processedAt: nullable(z.string()),
  cancelledAt: nullable(z.string()),
  displayFinancialStatus: nullable(z.string()),
  totalPriceSet: moneySetSchema,
  totalRefundedSet: moneySetSchema,
  customAttributes: z.array(z.object({ key: z.string(), value: nullable(z.string()) })),
  customerJourneySummary: nullable(
    z.object({ lastVisit: nullable(z.object({ referralCode: nullable(z.string()) })) }),
  ),
  lineItems: z.object({
    nodes: z.array(
      z.object({ title: z.string(), quantity: z.number().int(), originalTotalSet: moneySetSchema }),
    ),
  }),
});

export const ordersPageSchema = z.object({ pageInfo: pageInfoSchema, nodes: z.array(orderNodeSchema) });

export type ShopifyOrderNode = z.infer<typeof orderNodeSchema>;
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** One GraphQL order node as an incoming order. */
export function mapShopifyOrderNode(node: ShopifyOrderNode): IncomingOrder | null {
  const currency = node.totalPriceSet.shopMoney.currencyCode ?? 'USD';
  const total = parseMinorUnits(node.totalPriceSet.shopMoney.amount, currency);
  const placedAt = date(node.createdAt);
  if (total === null || !placedAt) return null;
  const updatedAt = date(node.updatedAt) ?? placedAt;
  const status = (node.displayFinancialStatus ?? '').toLowerCase();
  return {
    platform: 'shopify',
    externalId: node.id,
    orderNumber: node.name,
    placedAt,
    updatedAt,
    currency,
    totalMinor: total,
    refundedMinor: parseMinorUnits(node.totalRefundedSet.shopMoney.amount, currency) ?? 0,
    paidAt: paidStatuses.has(status) ? (date(node.processedAt) ?? updatedAt) : null,
    cancelledAt: date(node.cancelledAt),
    lines: node.lineItems.nodes.map((line) => ({
      productTitle: line.title,
      quantity: line.quantity,
      totalMinor: parseMinorUnits(line.originalTotalSet.shopMoney.amount, currency) ?? 0,
    })),
    attribution: attributionOf(node.customAttributes, node.customerJourneySummary?.lastVisit?.referralCode),
    refunds: [],
  };
}
