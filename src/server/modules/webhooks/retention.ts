import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { deleteInBatches, type BatchedDeleteResult } from '#server/db/batched-delete.ts';

/**
 * Decision 049: the prune-old-rows job's part for outbound webhooks. An event (and its deliveries, by cascade) goes
 * `retentionDays` after it was recorded; every delivery settles within 24 hours, so none is still pending then.
 * Oldest first along `webhook_events_created_idx`, at most `batchSize` rows per statement.
 */
export async function pruneWebhookEvents(
  db: Database,
  { retentionDays, batchSize }: { retentionDays: number; batchSize?: number },
): Promise<BatchedDeleteResult> {
  return deleteInBatches(async (limit) => {
    const result = (await db.execute(sql`
      with gone as (
        delete from webhook_events where id = any(array(
          select id from webhook_events
          where created_at < now() - make_interval(days => ${retentionDays}::int)
          order by created_at
          limit ${limit}::int))
        returning 1)
      select count(*)::int as deleted from gone`)) as unknown as { rows: { deleted: number }[] };
    return Number(result.rows[0]?.deleted ?? 0);
  }, batchSize);
}
