import { defineJob, type JobDefinition } from './queue.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

/**
 * A job the runtime repeats every period (JobQueue.repeat). A failed run is not retried (so no retry delay): the next
 * period's run takes over, and what it works on waits in a table meanwhile.
 */
function periodicJob(name: string, expireInSeconds: number): JobDefinition<Record<string, never>> {
  return defineJob(name, { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds });
}

/**
 * Every job kind of the product, with its retry policy. One place, so a reader sees every queue.
 * Mail: 10 tries over roughly 8 hours (30 s doubling), then the dead-letter queue.
 */
export const sendEmailJob = defineJob<MailMessage>('send-email', {
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * Inbound Instagram events of one thread (one customer's DMs, or one comment), processed in order.
 * Retried quickly: the events wait in the inbox table, so a retry loses nothing.
 */
export const instagramProcessJob = defineJob<{ brandId: string; threadKey: string }>('instagram-process', {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** Refreshes long-lived Instagram tokens that are at least 24 h old and expire within 10 days (hourly). */
export const instagramRefreshTokensJob = defineJob<Record<string, never>>('instagram-refresh-tokens', {
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 600,
});

/**
 * Decision 023: settles sends (direct messages, private and public comment replies) whose outcome is unknown (a
 * timeout, a process killed mid-send), every SEND_RECONCILE_EVERY_SECONDS (JobQueue.repeat). A failed run is not
 * retried: the next period's run takes over.
 */
export const instagramReconcileSendsJob = periodicJob(
  'instagram-reconcile-sends',
  // A run paces its lookups (2 a second per account); 20 sends take a minute or two at most.
  600,
);

/**
 * A new customer message or comment for the assistant. Enqueued by the channel in the transaction
 * that stores it, with singletonKey `message:<id>` / `comment:<id>`; the assistant registers its worker.
 */
export type AssistantRespondPayload =
  { kind: 'message'; messageId: string } | { kind: 'comment'; commentId: string };
export const assistantRespondJob = defineJob<AssistantRespondPayload>('assistant-respond', {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  // A reply takes seconds at most (LLM deadline 8 s); a crashed worker's job is retried soon after this.
  expireInSeconds: 30,
});

/**
 * A store's full catalog sync (first connect, Sync now, reconciliation). A second job for the same
 * connection while one runs finds the sync claimed and returns (the claim is a row state, not memory).
 */
export const catalogSyncJob = defineJob<{ connectionId: string }>('catalog-sync', {
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 3600,
});

/** Every few hours, re-sync every real store to catch what webhooks missed. */
export const catalogReconcileJob = defineJob<Record<string, never>>('catalog-reconcile', {
  retryLimit: 1,
  retryDelay: 300,
  retryBackoff: false,
  expireInSeconds: 600,
});

/**
 * Decisions 008 and 020: deletes rows kept only for a while (processed webhook events, live events) in bounded
 * batches, every PRUNE_EVERY_SECONDS (JobQueue.repeat). A failed run is not retried: the next period's run takes over.
 */
export const pruneOldRowsJob = periodicJob(
  'prune-old-rows',
  // A first run over a large backlog deletes in many short statements; it may take a while.
  3600,
);

/**
 * Decision 028: recomputes the analytics roll-up's days that changed since the last run, every
 * ANALYTICS_ROLLUP_EVERY_SECONDS (JobQueue.repeat). The changes wait in a table, so a failed run loses nothing: the
 * next period's run takes them.
 */
export const analyticsRollupJob = periodicJob('analytics-rollup', 600);

/**
 * Decision 051: records every workspace's four Overview counts for today, once an hour (JobQueue.repeat); the last
 * recording of a day stands for that day. A failed run is made good by the next.
 */
export const overviewCountsJob = periodicJob('overview-counts', 600);

/**
 * Order reconciliation (decision 027): every 15 minutes, one job per connected store pulls the orders the store
 * changed since its watermark, so an order whose webhook never came is still counted. A failed run is retried once;
 * the next period's run takes over after that (the watermark only moves past orders that were stored).
 */
export const ordersReconcileJob = periodicJob('orders-reconcile', 300);
export const ordersReconcileStoreJob = defineJob<{ connectionId: string }>('orders-reconcile-store', {
  retryLimit: 1,
  retryDelay: 120,
  retryBackoff: false,
  expireInSeconds: 1800,
});

/**
 * Decision 049: sends the webhook deliveries waiting for their first job (and any whose job was lost), every
 * WEBHOOKS_DISPATCH_EVERY_SECONDS (JobQueue.repeat). The deliveries wait in their table, so a failed run loses nothing.
 */
export const webhooksDispatchJob = periodicJob('webhooks-dispatch', 300);

/**
 * One attempt of one webhook delivery. A refused or failed attempt is not a job failure: the handler records it and
 * sends the next attempt itself with its delay (24 hours in all, decision 049). pg-boss retries only a handler
 * that crashed.
 */
export const webhookDeliverJob = defineJob<{ deliveryId: string }>('webhook-deliver', {
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  // One request has 10 s; the rest is two short statements.
  expireInSeconds: 60,
});

/** Every job kind; the runtime declares their queues at start-up, before any transaction sends to them. */
export const allJobs: readonly JobDefinition<object>[] = [
  sendEmailJob,
  instagramProcessJob,
  instagramRefreshTokensJob,
  instagramReconcileSendsJob,
  assistantRespondJob,
  catalogSyncJob,
  catalogReconcileJob,
  ordersReconcileJob,
  ordersReconcileStoreJob,
  pruneOldRowsJob,
  analyticsRollupJob,
  overviewCountsJob,
  webhooksDispatchJob,
  webhookDeliverJob,
];
