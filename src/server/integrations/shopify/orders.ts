import { parse } from 'graphql';
import { parseMinorUnits } from '#contracts/money.ts';
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a `ref` value says: ours are `voicecart-<link id>`, or `voicecart-<conversation id>` on older links. */
export function attributionOfRef(ref: string | null | undefined): IncomingOrder['attribution'] {
  const out: IncomingOrder['attribution'] = { linkIds: [], conversationIds: [] };
  if (!ref?.startsWith('voicecart-')) return out;
  const value = ref.slice('voicecart-'.length);
  if (UUID.test(value)) out.conversationIds.push(value.toLowerCase());
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
    if (key === conversationAttribute && UUID.test(value)) found.conversationIds.unshift(value.toLowerCase());
  }
  return found;
}

const date = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const paidStatuses = new Set(['paid', 'partially_refunded', 'refunded']);

interface RestTransaction {
  amount?: string;
  kind?: string;
  status?: string;
}
interface RestRefund {
  id?: number | string;
  order_id?: number | string;
  transactions?: RestTransaction[];
}

/** The money a refund returned: its successful refund transactions. */
function refundedByTransactions(refund: RestRefund, currency: string): number {
  let total = 0;
  for (const transaction of refund.transactions ?? []) {
    if (transaction.kind !== 'refund' || (transaction.status && transaction.status !== 'success')) continue;
    total += parseMinorUnits(transaction.amount ?? '0', currency) ?? 0;
  }
  return total;
}

/** An `orders/create|paid|updated|cancelled` body; null when it is not an order. */
export function mapShopifyRestOrder(
  body: Record<string, unknown>,
  shopCurrency: string,
): IncomingOrder | null {
  const id =
    body.admin_graphql_api_id ?? (body.id !== undefined ? `gid://shopify/Order/${String(body.id)}` : null);
  const currency = typeof body.currency === 'string' ? body.currency : shopCurrency;
  const total = parseMinorUnits(String(body.total_price ?? ''), currency);
  const placedAt = date(body.created_at);
  if (typeof id !== 'string' || total === null || !placedAt) return null;
  const updatedAt = date(body.updated_at) ?? placedAt;
  const refunds: IncomingRefund[] = ((body.refunds as RestRefund[] | undefined) ?? []).flatMap((refund) =>
    refund.id === undefined
      ? []
      : [{ refundId: String(refund.id), amountMinor: refundedByTransactions(refund, currency) }],
  );
  const notes = (body.note_attributes as { name?: string; value?: string }[] | undefined) ?? [];
  const lines =
    (body.line_items as { title?: string; quantity?: number; price?: string }[] | undefined) ?? [];
  return {
    platform: 'shopify',
    externalId: id,
    orderNumber: typeof body.name === 'string' ? body.name : `#${String(body.order_number ?? body.id)}`,
    placedAt,
    updatedAt,
    currency,
    totalMinor: total,
    refundedMinor: refunds.reduce((sum, refund) => sum + refund.amountMinor, 0),
    paidAt: paidStatuses.has(String(body.financial_status)) ? (date(body.processed_at) ?? updatedAt) : null,
    cancelledAt: date(body.cancelled_at),
    lines: lines.map((line) => ({
      productTitle: line.title ?? '',
      quantity: line.quantity ?? 0,
      totalMinor: (parseMinorUnits(line.price ?? '0', currency) ?? 0) * (line.quantity ?? 0),
    })),
    attribution: attributionOf(
      notes.map((note) => ({ key: note.name ?? '', value: note.value ?? null })),
      typeof body.landing_site_ref === 'string' ? body.landing_site_ref : null,
    ),
    refunds,
  };
}

/** A `refunds/create` body: the order's id and what this refund returned. */
export function mapShopifyRestRefund(
  body: Record<string, unknown>,
  currency: string,
): (IncomingRefund & { orderExternalId: string }) | null {
  const refund = body as RestRefund;
  if (refund.id === undefined || refund.order_id === undefined) return null;
  return {
    orderExternalId: `gid://shopify/Order/${String(refund.order_id)}`,
    refundId: String(refund.id),
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

interface MoneySet {
  shopMoney: { amount: string; currencyCode?: string };
}
export interface ShopifyOrderNode {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  totalPriceSet: MoneySet;
  totalRefundedSet: MoneySet;
  customAttributes: { key: string; value: string | null }[];
  customerJourneySummary: { lastVisit: { referralCode: string | null } | null } | null;
  lineItems: { nodes: { title: string; quantity: number; originalTotalSet: MoneySet }[] };
}
export interface OrdersPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ShopifyOrderNode[];
}

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
