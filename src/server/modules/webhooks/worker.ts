import { webhookDeliverJob, webhooksDispatchJob } from '#server/jobs/definitions.ts';
import type { PeriodicWorkerDeps } from '#server/jobs/queue.ts';
import type { WebhookDelivery } from './delivery.ts';

/**
 * Decision 049: the dispatcher sends a job for each delivery the triggers recorded, every `everySeconds`; each job
 * is one attempt, and a failed attempt sends the next itself.
 */
export async function startWebhookWorkers(
  input: PeriodicWorkerDeps & { delivery: WebhookDelivery },
): Promise<void> {
  const { jobs, delivery, everySeconds, log } = input;
  await jobs.work(
    webhookDeliverJob,
    async ({ deliveryId }) => {
      const outcome = await delivery.attempt(deliveryId);
      if (outcome.kind === 'retrying' || outcome.kind === 'failed')
        log.info({ deliveryId, outcome }, 'webhook delivery attempt failed');
    },
    // Deliveries to different endpoints do not wait for one another's slow answers.
    { batchSize: 4, parallel: true },
  );
  await jobs.work(webhooksDispatchJob, async () => {
    const sent = await delivery.dispatch();
    if (sent > 0) log.debug({ sent }, 'webhook deliveries dispatched');
  });
  await jobs.repeat(webhooksDispatchJob, everySeconds);
}
