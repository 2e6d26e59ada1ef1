import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pruneOlderThan, type BatchedDeleteResult } from '#server/db/batched-delete.ts';

/**
 * Decision 008 (amended): the prune-old-rows job's part for the webhook inbox. An event goes once it was processed
 * and `retentionDays` have passed since (config INSTAGRAM_EVENTS_RETENTION_DAYS, at least 2). Until then its row's
 * unique (brand, dedupe key) is what makes a redelivery store nothing; Instagram retries for at most 36 hours.
 * Kept whatever their age: pending events (not processed yet) and failed ones (set aside after 5 tries, for a
 * person to look at). A delivery replayed after its event is gone is stored and processed again, and then meets the
 * unique keys of messages and comments, so it adds no message, comment or assistant reply.
 *
 * Oldest first along `instagram_events_processed_idx`, at most `batchSize` rows per statement.
 */
export async function pruneProcessedEvents(
  db: Database,
  { retentionDays, batchSize }: { retentionDays: number; batchSize?: number },
): Promise<BatchedDeleteResult> {
  return pruneOlderThan(db, {
    table: 'instagram_events',
    column: 'processed_at',
    olderThan: { days: retentionDays },
    keep: sql`outcome = 'failed'`,
    batchSize,
  });
}
