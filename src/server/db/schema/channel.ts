import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { comments, conversations, messages, ownedByBrand } from './dashboard.ts';
import { createdAtNow, primaryUuid, timestamptz, timestamptzNow, updatedAtNow } from './columns.ts';

/**
 * The Instagram channel: one connection per brand, the inbox of webhook events, and every outbound
 * send. Exactly-once lives here: unique keys on the account, each event and each idempotency key.
 */
export const instagramConnections = pgTable(
  'instagram_connections',
  {
    id: primaryUuid(),
    brandId: ownedByBrand().unique('instagram_connections_brand_key'),
    /** The professional account id (= entry.id in webhooks): one account belongs to one brand at a time. */
    accountId: text('account_id').notNull().unique('instagram_connections_account_key'),
    username: text('username').notNull(),
    /** The long-lived token, sealed by the secret box (AES-256-GCM); never in plain text. */
    accessTokenSealed: text('access_token_sealed').notNull(),
    /** Null for a token pasted from Meta's dashboard (its expiry is not told); then refreshed by age. */
    tokenExpiresAt: timestamptz('token_expires_at'),
    status: text('status', { enum: ['connected', 'needs_reconnect'] })
      .notNull()
      .default('connected'),
    /** Why it needs a reconnect (Graph's message), for the banner. */
    statusReason: text('status_reason'),
    lastWebhookAt: timestamptz('last_webhook_at'),
    createdAt: createdAtNow(),
    /** When the current token was issued (connect or refresh): refresh needs it at least 24 h old. */
    tokenRefreshedAt: timestamptzNow('token_refreshed_at'),
    updatedAt: updatedAtNow(),
    /**
     * The sample account of the demo (decision 041): no token (the sealed column holds an empty string), sends
     * recorded here and never sent. Connecting a real account to the brand replaces it.
     */
    sample: boolean('sample').notNull().default(false),
  },
  (table) => [
    check('instagram_connections_status_check', sql`${table.status} in ('connected', 'needs_reconnect')`),
  ],
);

/**
 * Every webhook event we accepted, stored before the 200 and processed by a job. `dedupeKey` identifies the
 * event (a message's mid, a comment's id, or a hash of the item), so a redelivery is not stored twice.
 * `threadKey` groups the events whose order matters (one customer's DMs); a job handles one thread.
 */
export const instagramEvents = pgTable(
  'instagram_events',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    accountId: text('account_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** message, echo, deleted, reaction, read, postback, referral, comment, standby, other. */
    kind: text('kind').notNull(),
    threadKey: text('thread_key').notNull(),
    /** When it happened at Instagram (ms timestamp of the item, else the entry's time). */
    occurredAt: timestamptz('occurred_at').notNull(),
    /** The messaging item or the change value, as received. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptzNow('received_at'),
    processedAt: timestamptz('processed_at'),
    /** What processing did: stored, duplicate, delivered, ignored, failed… (for people reading the inbox). */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (table) => [
    unique('instagram_events_brand_dedupe_key').on(table.brandId, table.dedupeKey),
    // The processing job reads a thread's pending events in order.
    index('instagram_events_pending_idx')
      .on(table.brandId, table.threadKey, table.occurredAt, table.receivedAt)
      .where(sql`${table.processedAt} is null`),
    // The prune-old-rows job deletes processed events oldest first along this (decision 008).
    index('instagram_events_processed_idx')
      .on(table.processedAt)
      .where(sql`${table.processedAt} is not null`),
  ],
);

/**
 * One row per outbound call, written before the call (queued) and moved to sent, failed or unknown. A DM longer
 * than 1,000 bytes is several parts under one idempotency key.
 */
export const instagramSends = pgTable(
  'instagram_sends',
  {
    id: primaryUuid(),
    brandId: ownedByBrand(),
    kind: text('kind', { enum: ['direct_message', 'private_reply', 'public_reply'] }).notNull(),
    origin: text('origin', { enum: ['assistant', 'person'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    part: integer('part').notNull().default(0),
    partCount: integer('part_count').notNull().default(1),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** The IGSID, or the comment id for a private or public reply. */
    recipient: text('recipient').notNull(),
    text: text('text').notNull(),
    humanAgentTag: boolean('human_agent_tag').notNull().default(false),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'unknown'] })
      .notNull()
      .default('queued'),
    /** Graph's message id (DM, private reply) or new comment id (public reply). */
    graphId: text('graph_id'),
    error: text('error'),
    /**
     * How often the part was taken up: by the outbound path just before its first call (1), then once per run of
     * the send reconciler. Whoever raised it last owns the row, and `updated_at` is that owner's lease (decision 023).
     */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    check('instagram_sends_status_check', sql`${table.status} in ('queued', 'sent', 'failed', 'unknown')`),
    check(
      'instagram_sends_kind_check',
      sql`${table.kind} in ('direct_message', 'private_reply', 'public_reply')`,
    ),
    unique('instagram_sends_idempotency_key').on(table.idempotencyKey, table.part),
    // One private reply per comment. A refused one (failed) does not use it up.
    uniqueIndex('instagram_sends_one_private_reply_idx')
      .on(table.commentId)
      .where(sql`${table.kind} = 'private_reply' and ${table.status} <> 'failed'`),
    index('instagram_sends_brand_graph_id_idx').on(table.brandId, table.graphId),
    index('instagram_sends_conversation_idx').on(table.conversationId, table.status),
    // Decision 023: the send reconciler's work list, the few sends not settled yet, by lease age.
    index('instagram_sends_unsettled_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('queued', 'unknown')`),
  ],
);

/** The User Profile API's answers, so each customer is looked up once, not per message. */
export const instagramProfiles = pgTable(
  'instagram_profiles',
  {
    brandId: ownedByBrand(),
    igsid: text('igsid').notNull(),
    username: text('username'),
    fetchedAt: timestamptzNow('fetched_at'),
  },
  (table) => [unique('instagram_profiles_brand_igsid_key').on(table.brandId, table.igsid)],
);

export type InstagramConnectionRow = typeof instagramConnections.$inferSelect;
export type InstagramEventRow = typeof instagramEvents.$inferSelect;
export type InstagramSendRow = typeof instagramSends.$inferSelect;
