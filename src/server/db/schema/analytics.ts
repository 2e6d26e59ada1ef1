import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { conversations, ownedByBrand } from './dashboard.ts';
import { dailyRollUp, monthlyRollUp } from './roll-up.ts';
import { workspaces } from './workspaces.ts';
import { oneRowPer, ownedBy, timestamptz } from './columns.ts';

/**
 * The Performance screen's daily roll-up (decision 028). Every row is a function of the messages, comments,
 * conversations and assistant traces of one brand's day (cut in `brands.time_zone`), recomputed whole from them,
 * never incremented, so a rebuild and the running roll-up give the same numbers.
 */

/**
 * What changed since the roll-up last ran: triggers on messages, comments, traces and conversations append a row
 * (brand, when, conversation), and the `analytics-rollup` job takes them and recomputes the days they touch.
 */
export const analyticsDirty = pgTable('analytics_dirty', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  brandId: uuid('brand_id').notNull(),
  at: timestamptz('at').notNull(),
  conversationId: uuid('conversation_id'),
  /**
   * A message's sender when the change is a message written (sign 1) or deleted (-1): the job adds it to its day's
   * counts instead of recounting the day (decision 055). Null for every other change, which recomputes its days.
   */
  sender: text('sender'),
  sign: smallint('sign').notNull().default(1),
});

/**
 * The figures of a brand's day and month, each column made by `figure` (the daily ones start at 0). Conversation
 * figures count by the day the conversation started.
 */
const brandFigures = <Column extends PgColumnBuilderBase>(figure: (name: string) => Column) => ({
  /** Conversations started. */
  conversations: figure('conversations'),
  /** Of those, answered by the assistant with no person involved (no hand-off, no person's reply). */
  automated: figure('automated'),
  /** Of those, handed to a person (the assistant handed off, or the conversation was escalated). */
  handoffs: figure('handoffs'),
  /** Customer DMs received. */
  inbound: figure('inbound'),
  comments: figure('comments'),
  aiReplies: figure('ai_replies'),
  humanReplies: figure('human_replies'),
});

export const analyticsDaily = dailyRollUp(
  'analytics_daily',
  brandFigures((name) => integer(name).notNull().default(0)),
  () => [],
);

/**
 * Per conversation, by the day it started: first response times and the flags its day's counts add up (decision
 * 040), so recomputing a day's conversation figures reads these rows instead of every conversation's messages.
 */
export const analyticsConversations = pgTable(
  'analytics_conversations',
  {
    conversationId: oneRowPer('conversation_id', () => conversations.id),
    brandId: ownedByBrand(),
    day: date('day').notNull(),
    aiFirstMs: integer('ai_first_ms'),
    humanFirstMs: integer('human_first_ms'),
    hasAi: boolean('has_ai').notNull().default(false),
    handedOff: boolean('handed_off').notNull().default(false),
    /** A person was involved: handled by a person, or a person replied. */
    person: boolean('person').notNull().default(false),
  },
  (table) => [index('analytics_conversations_brand_day_idx').on(table.brandId, table.day)],
);

/*
 * The daily and monthly tables of one figure have the same columns after the period: the monthly row is the sum of
 * its days (decision 040).
 */
const responseColumns = () => ({
  responder: text('responder', { enum: ['ai', 'human'] }).notNull(),
  bucketMs: integer('bucket_ms').notNull(),
  conversations: integer('conversations').notNull(),
});

const countColumns = () => ({
  dimension: text('dimension', { enum: ['answer_kind', 'handoff_reason'] }).notNull(),
  key: text('key').notNull(),
  count: integer('count').notNull(),
});

const productColumns = () => ({
  productId: uuid('product_id').notNull(),
  productTitle: text('product_title').notNull(),
  asks: integer('asks').notNull(),
});

const ruleColumns = () => ({
  ruleId: uuid('rule_id').notNull(),
  ruleName: text('rule_name').notNull(),
  matched: integer('matched').notNull(),
  sent: integer('sent').notNull(),
  conversations: integer('conversations').notNull(),
  links: integer('links').notNull(),
});

/**
 * First response times by the day the conversation started, as a histogram of values rounded to two significant
 * figures: a range's percentiles add up buckets instead of sorting every conversation (decision 040).
 */
export const analyticsResponseDaily = dailyRollUp(
  'analytics_response_daily',
  responseColumns(),
  (table) => [table.responder, table.bucketMs],
  (table) => [check('analytics_response_daily_responder_check', sql`${table.responder} in ('ai', 'human')`)],
);

/** Answer kinds and hand-off reasons per day. */
export const analyticsCountsDaily = dailyRollUp(
  'analytics_counts_daily',
  countColumns(),
  (table) => [table.dimension, table.key],
  (table) => [
    check(
      'analytics_counts_daily_dimension_check',
      sql`${table.dimension} in ('answer_kind', 'handoff_reason')`,
    ),
  ],
);

export const analyticsProductsDaily = dailyRollUp('analytics_products_daily', productColumns(), (table) => [
  table.productId,
]);

/**
 * Asks for a variant while it was sold out, per buyer (the conversation, or the comment event), so "how many
 * buyers" over a range counts each buyer once: on the buyer's first row in the range, the one whose `prev_day` (the
 * buyer's previous day asking for the variant) is null or before the range (decision 055).
 */
export const analyticsSoldOutDaily = dailyRollUp(
  'analytics_sold_out_daily',
  {
    variantId: uuid('variant_id').notNull(),
    buyer: text('buyer').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull(),
    asks: integer('asks').notNull(),
    lastAskedAt: timestamptz('last_asked_at').notNull(),
    prevDay: date('prev_day'),
  },
  (table) => [table.variantId, table.buyer],
  (table) => [
    index('analytics_sold_out_daily_buyer_idx').on(table.brandId, table.variantId, table.buyer, table.day),
  ],
);

/**
 * Sold-out demand per month and variant, by `since`: for a buyer's first row in the month, the buyer's previous day
 * asking (-infinity for none); for its other rows, the month itself. A range of whole months starting on or after
 * `from` counts the buyers with `since` before `from`, each once (decision 055).
 */
export const analyticsSoldOutMonthly = monthlyRollUp(
  'analytics_sold_out_monthly',
  {
    variantId: uuid('variant_id').notNull(),
    since: date('since').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull(),
    buyers: integer('buyers').notNull(),
    asks: integer('asks').notNull(),
    lastAskedAt: timestamptz('last_asked_at').notNull(),
  },
  (table) => [table.variantId, table.since],
);

/** The comment-to-DM funnel per automation rule and day. */
export const analyticsRulesDaily = dailyRollUp(
  'analytics_rules_daily',
  {
    ...ruleColumns(),
    /** Paid, not cancelled orders attributed to the conversations that followed. */
    orders: integer('orders').notNull().default(0),
  },
  (table) => [table.ruleId],
);

/*
 * Monthly sums of the additive daily tables (decision 040): a range reads its whole months here and its other days
 * from the daily tables. Each brand-month is recomputed from its daily rows whenever one of its days is.
 */
export const analyticsMonthly = monthlyRollUp(
  'analytics_monthly',
  brandFigures((name) => integer(name).notNull()),
  () => [],
);

export const analyticsResponseMonthly = monthlyRollUp(
  'analytics_response_monthly',
  responseColumns(),
  (table) => [table.responder, table.bucketMs],
);

export const analyticsCountsMonthly = monthlyRollUp('analytics_counts_monthly', countColumns(), (table) => [
  table.dimension,
  table.key,
]);

export const analyticsProductsMonthly = monthlyRollUp(
  'analytics_products_monthly',
  productColumns(),
  (table) => [table.productId],
);

export const analyticsRulesMonthly = monthlyRollUp(
  'analytics_rules_monthly',
  { ...ruleColumns(), orders: integer('orders').notNull() },
  (table) => [table.ruleId],
);

/**
 * The Overview's four counts for one workspace as they stood on a day (UTC), recorded by the hourly
 * `overview-counts` job, so the stat cards can show their change against 30 days before (decision 051). They cannot
 * be counted back from today's rows: a deleted brand is gone, and a brand's active and connected flags keep no
 * history.
 */
export const workspaceDailyCounts = pgTable(
  'workspace_daily_counts',
  {
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    day: date('day').notNull(),
    totalBrands: integer('total_brands').notNull(),
    activeBrands: integer('active_brands').notNull(),
    instagramConnected: integer('instagram_connected').notNull(),
    shopifyConnected: integer('shopify_connected').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.day] })],
);
