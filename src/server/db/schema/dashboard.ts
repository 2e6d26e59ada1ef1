import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { RuleAction, RuleTrigger } from '#contracts/automation.ts';
import { brandArchetypes, brandTones, messageSenders } from '#contracts/dashboard.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import {
  createdAtNow,
  oneRowPer,
  ownedBy,
  primaryUuid,
  timestamptz,
  timestamptzNow,
  updatedAtNow,
} from './columns.ts';

// The CHECK constraints take their allowed values from the contract, the one list.
const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The dashboard's data. Every row hangs off a brand, and every brand off its workspace, so data is
 * reached only through `brands.workspace_id` and the caller's membership there. Indexes serve each list in its order (keyset paging).
 */
export const brands = pgTable(
  'brands',
  {
    id: primaryUuid(),
    /**
     * The workspace the brand belongs to; every access goes through its members (`server/access/`). Left out of
     * an insert, the `brands_default_workspace` trigger puts the brand in its creator's personal workspace.
     */
    workspaceId: uuid('workspace_id')
      .notNull()
      .default(sql`null`)
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who created the brand; null once that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Instagram username, without the @. */
    username: text('username').notNull(),
    active: boolean('active').notNull().default(true),
    instagramConnected: boolean('instagram_connected').notNull().default(false),
    shopifyConnected: boolean('shopify_connected').notNull().default(false),
    /** IANA zone the Performance screen cuts the brand's days in (decision 028); Pacific time until set. */
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [index('brands_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id)],
);

/** The brand a row belongs to: deleting the brand deletes the row. */
export const ownedByBrand = () => ownedBy('brand_id', () => brands.id);

export const conversations = pgTable(
  'conversations',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    customerUsername: text('customer_username').notNull(),
    /** The customer's Instagram-scoped id (IGSID): one conversation per customer per brand. */
    customerInstagramId: text('customer_instagram_id').notNull(),
    /** `active`, `resolved`, or another state shown as-is. */
    status: text('status').notNull().default('active'),
    lastMessageAt: timestamptzNow('last_message_at'),
    createdAt: createdAtNow(),
    /** Who answers: 'assistant', or 'person' once someone replied; automated sends stop then. */
    handledBy: text('handled_by', { enum: ['assistant', 'person'] })
      .notNull()
      .default('assistant'),
    /** The customer's newest message: the 24 h messaging window opens there. */
    lastCustomerMessageAt: timestamptz('last_customer_message_at'),
  },
  (table) => [
    check('conversations_handled_by_check', sql`${table.handledBy} in ('assistant', 'person')`),
    unique('conversations_brand_customer_key').on(table.brandId, table.customerInstagramId),
    index('conversations_brand_recent_idx').on(table.brandId, table.lastMessageAt.desc(), table.id.desc()),
    // The inbox search's username side (decision 035).
    index('conversations_username_trgm_idx').using('gin', table.customerUsername.op('gin_trgm_ops')),
    // The analytics roll-up recomputes a brand's days from these (decision 028).
    index('conversations_brand_created_idx').on(table.brandId, table.createdAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: primaryUuid(),
    conversationId: ownedBy('conversation_id', () => conversations.id),
    /** Denormalised from the conversation so Instagram's message id can be unique per brand. */
    brandId: ownedByBrand(),
    /** Instagram's message id (mid); null for messages that did not come from Instagram. */
    instagramMessageId: text('instagram_message_id'),
    sender: text('sender', { enum: messageSenders }).notNull(),
    content: text('content').notNull(),
    inventoryChecked: boolean('inventory_checked').notNull().default(false),
    createdAt: createdAtNow(),
    /** What Instagram delivered: text, story_reply, story_mention, attachment, postback or unsupported. */
    kind: text('kind').notNull().default('text'),
    /** Attachments as Instagram's CDN URLs (`[{ type, url }]`); media is never stored. */
    attachments: jsonb('attachments').$type<{ type: string; url: string | null }[]>().notNull().default([]),
    /** The customer unsent it (`is_deleted`): kept, marked, not shown as live text. */
    deleted: boolean('deleted').notNull().default(false),
    /** Our sends only: queued, sent, delivered (its echo came back), seen, failed or unknown (timeout). */
    deliveryState: text('delivery_state'),
    /** Story reply target, reply_to mid, quick reply payload, referral: kept as Instagram sent them. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  },
  (table) => [
    check('messages_sender_check', sql`${table.sender} in (${quotedList(messageSenders)})`),
    // Also the index behind brand_id's foreign key (its leading column).
    unique('messages_brand_instagram_id_key').on(table.brandId, table.instagramMessageId),
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_brand_created_idx').on(table.brandId, table.createdAt),
    // The inbox search finds conversations by what was written in them (`ilike '%…%'`), decision 034.
    index('messages_content_trgm_idx').using('gin', table.content.op('gin_trgm_ops')),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    instagramCommentId: text('instagram_comment_id').notNull(),
    username: text('username').notNull(),
    content: text('content').notNull(),
    replied: boolean('replied').notNull().default(false),
    replyContent: text('reply_content'),
    /** The Instagram media (post or reel) the comment is on. */
    mediaId: text('media_id'),
    /** Set on a reply to another comment. */
    parentInstagramCommentId: text('parent_instagram_comment_id'),
    /** The commenter's IGSID (the private reply's echo comes back to it). */
    fromInstagramId: text('from_instagram_id'),
    createdAt: createdAtNow(),
  },
  (table) => [
    unique('comments_brand_instagram_id_key').on(table.brandId, table.instagramCommentId),
    index('comments_brand_recent_idx').on(table.brandId, table.createdAt.desc(), table.id.desc()),
  ],
);

const archetypeList = quotedList(brandArchetypes);
const toneList = quotedList(brandTones);

/** One personality per brand (archetypes and tones from the contract). */
export const brandPersonalities = pgTable(
  'brand_personalities',
  {
    brandId: oneRowPer('brand_id', () => brands.id),
    archetype: text('archetype').notNull(),
    tone: text('tone').notNull(),
    voiceDescription: text('voice_description').notNull().default(''),
    exampleResponses: text('example_responses').notNull().default(''),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    check('brand_personalities_archetype_check', sql`${table.archetype} in (${archetypeList})`),
    check('brand_personalities_tone_check', sql`${table.tone} in (${toneList})`),
  ],
);

export const automationRules = pgTable(
  'automation_rules',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    name: text('name').notNull(),
    /** Readable text; always written as describeTrigger(triggerConfig), never on its own. */
    trigger: text('trigger').notNull(),
    /** Readable text; always written as describeAction(actionConfig), never on its own. */
    action: text('action').notNull(),
    /** The structured trigger the assistant evaluates (`RuleTrigger` of #contracts/automation.ts). */
    triggerConfig: jsonb('trigger_config').$type<RuleTrigger>().notNull(),
    /** The structured action the assistant performs (`RuleAction` of #contracts/automation.ts). */
    actionConfig: jsonb('action_config').$type<RuleAction>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAtNow(),
  },
  (table) => [
    unique('automation_rules_brand_name_key').on(table.brandId, table.name),
    index('automation_rules_brand_created_idx').on(table.brandId, table.createdAt, table.id),
  ],
);

export type BrandRow = typeof brands.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type AutomationRuleRow = typeof automationRules.$inferSelect;

/**
 * How far each person has read each conversation: the conversation is unread for them while its newest buyer
 * message (`conversations.last_customer_message_at`) is later than `read_at`. Per person, so teammates do not
 * mark each other's inbox read.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: ownedBy('user_id', () => users.id),
    conversationId: ownedBy('conversation_id', () => conversations.id),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'conversation_reads_pkey', columns: [table.userId, table.conversationId] }),
    index('conversation_reads_conversation_idx').on(table.conversationId),
  ],
);
