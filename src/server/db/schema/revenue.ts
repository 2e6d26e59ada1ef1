import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations, ownedByBrand } from './dashboard.ts';
import { dailyRollUp, monthlyRollUp } from './roll-up.ts';
import { createdAtNow, primaryUuid, timestamptz, timestamptzNow, updatedAtNow } from './columns.ts';

export const orderStatuses = ['pending', 'paid', 'cancelled', 'refunded', 'partially_refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** One line of a checkout link as it was sent: the variant, how many, and the price quoted then (minor units). */
export interface CheckoutLinkItem {
  variantId: string;
  externalId: string;
  quantity: number;
  unitPrice: string;
  currency: string;
}

/**
 * Every checkout link sent in a conversation gets its own short id (decision 027): the store carries it onto the
 * order (a Shopify cart attribute and `ref`, WooCommerce's `utm_content`, the sample store's `ref`), and an order
 * that carries one is attributed to the conversation it was sent in.
 */
export const checkoutLinks = pgTable(
  'checkout_links',
  {
    id: text('id').primaryKey(),
    brandId: ownedByBrand(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageId: uuid('message_id'),
    items: jsonb('items').$type<CheckoutLinkItem[]>().notNull(),
    sentAt: timestamptzNow('sent_at'),
  },
  (table) => [index('checkout_links_brand_sent_idx').on(table.brandId, table.sentAt)],
);

/** One product line of an order as the store reported it (the top products read these). */
export interface OrderLine {
  productTitle: string;
  quantity: number;
  /** The line's total in minor units of the order's currency. */
  totalMinor: number;
}

/**
 * An attributed order, as the store last described it: the state comes from the payload with the newest store
 * `updated_at` (never added to), so duplicates, retries and reconciliation all end in the same row.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    platform: text('platform').notNull(),
    /** The store's own id (Shopify gid, WooCommerce number, sample uuid). */
    externalId: text('external_id').notNull(),
    orderNumber: text('order_number').notNull(),
    placedAt: timestamptz('placed_at').notNull(),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** What the newest order payload says was refunded (Shopify's total refunded, WooCommerce's refunds[]). */
    payloadRefundedMinor: bigint('payload_refunded_minor', { mode: 'number' }).notNull().default(0),
    /** The larger of the payload's figure and the sum of the refunds received one by one. */
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    paidAt: timestamptz('paid_at'),
    cancelledAt: timestamptz('cancelled_at'),
    status: text('status', { enum: orderStatuses }).notNull(),
    linkId: text('link_id'),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    lines: jsonb('lines').$type<OrderLine[]>().notNull().default([]),
    storeUpdatedAt: timestamptz('store_updated_at').notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    unique('store_orders_brand_platform_external_key').on(table.brandId, table.platform, table.externalId),
    check(
      'store_orders_status_check',
      sql`${table.status} in ('pending', 'paid', 'cancelled', 'refunded', 'partially_refunded')`,
    ),
    index('store_orders_brand_placed_idx').on(table.brandId, table.placedAt),
    index('store_orders_conversation_idx').on(table.conversationId, table.placedAt),
    index('store_orders_placed_idx').on(table.placedAt, table.id),
  ],
);

/** Each refund once, by the store's refund id; it may arrive before its order. */
export const storeOrderRefunds = pgTable(
  'store_order_refunds',
  {
    brandId: ownedByBrand(),
    platform: text('platform').notNull(),
    orderExternalId: text('order_external_id').notNull(),
    refundId: text('refund_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [
    // Named here: the name drizzle-kit would give it is longer than the 63 characters PostgreSQL keeps.
    primaryKey({
      name: 'store_order_refunds_pkey',
      columns: [table.brandId, table.platform, table.orderExternalId, table.refundId],
    }),
  ],
);

/**
 * Daily roll-ups of attributed revenue per brand, UTC day and currency (decision 039), kept by triggers on
 * store_orders and checkout_links in the same transaction as each change (migration 0013); the Revenue screen's
 * totals, chart, top products and conversion read these instead of every order. Only paid, not cancelled orders
 * count; revenue is net of refunds.
 */
export const revenueDaily = dailyRollUp(
  'revenue_daily',
  {
    currency: text('currency').notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    refundedMinor: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (table) => [table.currency],
);

/** Per product title: the line totals of counted orders, and how many orders had the product. */
const productColumns = () => ({
  currency: text('currency').notNull(),
  productTitle: text('product_title').notNull(),
  revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
  orders: integer('orders').notNull().default(0),
});

export const revenueProductsDaily = dailyRollUp('revenue_products_daily', productColumns(), (table) => [
  table.currency,
  table.productTitle,
]);

/** The same per calendar month (its first day): whole months of a long range read these. */
export const revenueProductsMonthly = monthlyRollUp('revenue_products_monthly', productColumns(), (table) => [
  table.currency,
  table.productTitle,
]);

/** Links sent per conversation ('' for none) and day, so conversations with a link are counted once per range. */
export const revenueLinksDaily = dailyRollUp(
  'revenue_links_daily',
  {
    currency: text('currency').notNull(),
    conversationKey: text('conversation_key').notNull(),
    links: integer('links').notNull().default(0),
  },
  (table) => [table.currency, table.conversationKey],
);
