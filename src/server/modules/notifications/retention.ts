import { sql } from 'drizzle-orm';
import type { RetentionRule } from '#server/db/batched-delete.ts';

/**
 * Decision 045: the prune-old-rows job's part for the bell. A notification goes NOTIFICATIONS_RETENTION_DAYS after
 * it was made, once it was read; unread ones stay whatever their age. The bell lists the newest first, so what goes
 * is what nobody scrolls to. No index leads with `created_at`: the scan stops at the first batch of old read rows.
 */
export const readNotificationsRetention: RetentionRule = {
  table: 'notifications',
  column: 'created_at',
  keep: sql`read_at is null`,
  indexed: false,
};
