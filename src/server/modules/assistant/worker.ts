import { assistantRespondJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AssistantService } from './service.ts';

/**
 * The `assistant-respond` worker. The channel wakes it right after the transaction that stored the
 * message commits, so a reply does not wait for a poll. Exactly once rests on the database: the trace's unique
 * event key and the channel's idempotency key `assistant:<event>`, so a retry after a crash or a second process
 * picking the same event never sends twice.
 */
export async function startAssistantWorker({
  jobs,
  assistant,
  concurrency = 1,
  batchSize = 1,
}: {
  jobs: JobQueue;
  assistant: AssistantService;
  /** Workers in this process; replies of one conversation still go out in order (the service waits for earlier ones). */
  concurrency?: number;
  /** Jobs each worker fetches at once and answers side by side: one fetch and one completion for all of them. */
  batchSize?: number;
}): Promise<void> {
  for (let index = 0; index < concurrency; index += 1) {
    await jobs.work(
      assistantRespondJob,
      async (payload) => {
        await assistant.respond(payload);
      },
      { batchSize, parallel: batchSize > 1 },
    );
  }
}
