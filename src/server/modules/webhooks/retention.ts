import type { RetentionRule } from '#server/db/batched-delete.ts';

/**
 * Decision 049: the prune-old-rows job's part for outbound webhooks. An event (and its deliveries, by cascade) goes
 * 30 days after it was recorded (the delivery log's reach); every delivery settles within 24 hours, so none is still
 * pending then. Oldest first along `webhook_events_created_idx`.
 */
export const webhookEventsRetention: RetentionRule = { table: 'webhook_events', column: 'created_at' };
