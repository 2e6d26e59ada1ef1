import { sql } from 'drizzle-orm';
import type { RetentionRule } from '#server/db/batched-delete.ts';

/**
 * Decision 008 (amended): the prune-old-rows job's part for the webhook inbox. An event goes once it was processed
 * and INSTAGRAM_EVENTS_RETENTION_DAYS (at least 2) have passed since. Until then its row's
 * unique (brand, dedupe key) is what makes a redelivery store nothing; Instagram retries for at most 36 hours.
 * Kept whatever their age: pending events (not processed yet) and failed ones (set aside after 5 tries, for a
 * person to look at). A delivery replayed after its event is gone is stored and processed again, and then meets the
 * unique keys of messages and comments, so it adds no message, comment or assistant reply.
 *
 * Oldest first along `instagram_events_processed_idx`.
 */
export const processedEventsRetention: RetentionRule = {
  table: 'instagram_events',
  column: 'processed_at',
  keep: sql`outcome = 'failed'`,
};
