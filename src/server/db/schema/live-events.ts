import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtNow } from './columns.ts';

/**
 * The dashboard's live feed: one row per change to a user's data, written by database triggers
 * (function `voicecart_live_event`, migration live_events) and announced with pg_notify on `voicecart_live`.
 * The id is the SSE event id, so a reconnecting browser resumes from `Last-Event-ID`. Rows are kept briefly
 * (LIVE_EVENTS_RETENTION_SECONDS; the prune-old-rows job deletes older ones along `live_events_created_idx`);
 * no foreign keys, so the row of a deletion outlives what it describes.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Rows from before workspaces carried the owner; everything since carries the workspace. */
    userId: uuid('user_id'),
    /** Every member of the brand's workspace receives the event. */
    workspaceId: uuid('workspace_id'),
    /** Null for a notification that concerns the whole workspace. */
    brandId: uuid('brand_id'),
    /**
     * 'brand' | 'conversation' | 'message' | 'comment' | 'personality' | 'rule' | 'connection' | 'sync' |
     * 'notification'.
     */
    topic: text('topic').notNull(),
    /** 'insert' | 'update' | 'delete'. */
    op: text('op').notNull(),
    /** The changed row's id, when it has a single one. */
    entityId: text('entity_id'),
    conversationId: uuid('conversation_id'),
    createdAt: createdAtNow(),
  },
  (table) => [
    index('live_events_workspace_id_idx').on(table.workspaceId, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);
