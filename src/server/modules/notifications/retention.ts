import { sql } from 'drizzle-orm';
import { pruneOlderThan, type BatchedDeleteResult } from '#server/db/batched-delete.ts';
import type { Database } from '#server/db/client.ts';

/**
 * Decision 045: the prune-old-rows job's part for the bell. A notification goes `retentionDays` after it was made,
 * once it was read; unread ones stay whatever their age. The bell lists the newest first, so what goes is what
 * nobody scrolls to. No index leads with `created_at`: the scan stops at the first `batchSize` old read rows.
 */
export async function pruneReadNotifications(
  db: Database,
  { retentionDays, batchSize }: { retentionDays: number; batchSize?: number },
): Promise<BatchedDeleteResult> {
  return pruneOlderThan(db, {
    table: 'notifications',
    column: 'created_at',
    olderThan: { days: retentionDays },
    keep: sql`read_at is null`,
    indexed: false,
    batchSize,
  });
}
