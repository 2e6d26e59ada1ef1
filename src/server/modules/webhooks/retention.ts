import type { Database } from '#server/db/client.ts';
import { pruneOlderThan, type BatchedDeleteResult } from '#server/db/batched-delete.ts';

/**
 * Decision 049: the prune-old-rows job's part for outbound webhooks. An event (and its deliveries, by cascade) goes
 * `retentionDays` after it was recorded; every delivery settles within 24 hours, so none is still pending then.
 * Oldest first along `webhook_events_created_idx`, at most `batchSize` rows per statement.
 */
export async function pruneWebhookEvents(
  db: Database,
  { retentionDays, batchSize }: { retentionDays: number; batchSize?: number },
): Promise<BatchedDeleteResult> {
  return pruneOlderThan(db, {
    table: 'webhook_events',
    column: 'created_at',
    olderThan: { days: retentionDays },
    batchSize,
  });
}
