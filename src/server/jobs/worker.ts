import type { Mailer } from '#server/mail/mailer.ts';
import type { JobQueue } from './queue.ts';
import { sendEmailJob } from './definitions.ts';

/** Attaches a handler to every job kind. The server process runs these; tests run them against fakes. */
export async function startWorkers({ jobs, mailer }: { jobs: JobQueue; mailer: Mailer }): Promise<void> {
  await jobs.work(sendEmailJob, async (message) => {
    await mailer.send(message);
  });
}
