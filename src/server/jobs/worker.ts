import type { Mailer } from '#server/mail/mailer.ts';
import type { JobQueue } from './queue.ts';
import { catalogReconcileJob, catalogSyncJob, sendEmailJob } from './definitions.ts';

/** What the catalog jobs call (issue 10); the catalog module provides it (runtime.ts). */
export interface CatalogJobs {
  runSync(connectionId: string): Promise<void>;
  listSyncableConnections(): Promise<string[]>;
}

/** Attaches a handler to every job kind. The server process runs these; tests run them against fakes. */
export async function startWorkers({
  jobs,
  mailer,
  catalog,
}: {
  jobs: JobQueue;
  mailer: Mailer;
  catalog?: CatalogJobs;
}): Promise<void> {
  await jobs.work(sendEmailJob, async (message) => {
    await mailer.send(message);
  });
  if (catalog) {
    await jobs.work(catalogSyncJob, async ({ connectionId }) => {
      await catalog.runSync(connectionId);
    });
    await jobs.work(catalogReconcileJob, async () => {
      for (const connectionId of await catalog.listSyncableConnections()) {
        await jobs.send(catalogSyncJob, { connectionId });
      }
    });
    // Every six hours; pg-boss keeps one schedule per name across instances.
    await jobs.boss.schedule(catalogReconcileJob.name, '17 */6 * * *', {});
  }
}
