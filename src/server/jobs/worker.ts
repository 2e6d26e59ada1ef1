import type { Logger } from 'pino';
import type { Mailer } from '#server/mail/mailer.ts';
import type { JobQueue } from './queue.ts';
import {
  catalogReconcileJob,
  catalogSyncJob,
  ordersReconcileJob,
  ordersReconcileStoreJob,
  pruneOldRowsJob,
  sendEmailJob,
} from './definitions.ts';

/** What the catalog jobs call; the catalog module provides it (runtime.ts). */
export interface CatalogJobs {
  runSync(connectionId: string): Promise<void>;
  listSyncableConnections(): Promise<string[]>;
  /** Pulls one store's orders changed since its watermark (revenue attribution). */
  reconcileOrders?(connectionId: string): Promise<unknown>;
}

/** One table the prune-old-rows job keeps short; its module provides the deletion (runtime.ts composes them). */
export interface PruneTask {
  table: string;
  prune(): Promise<{ deleted: number; statements: number }>;
}

/** Attaches a handler to every job kind. The server process runs these; tests run them against fakes. */
export async function startWorkers({
  jobs,
  mailer,
  catalog,
  prune,
  log,
}: {
  jobs: JobQueue;
  mailer: Mailer;
  catalog?: CatalogJobs;
  /** Decisions 008 and 020: the tables pruned every `everySeconds` (PRUNE_EVERY_SECONDS). */
  prune?: { tasks: PruneTask[]; everySeconds: number };
  log: Logger;
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
    await jobs.schedule(catalogReconcileJob, '17 */6 * * *');
    const reconcileOrders = catalog.reconcileOrders;
    if (reconcileOrders) {
      await jobs.work(ordersReconcileStoreJob, async ({ connectionId }) => {
        await reconcileOrders(connectionId);
      });
      await jobs.work(ordersReconcileJob, async () => {
        for (const connectionId of await catalog.listSyncableConnections()) {
          await jobs.send(ordersReconcileStoreJob, { connectionId }, { singletonKey: connectionId });
        }
      });
      await jobs.schedule(ordersReconcileJob, '*/15 * * * *');
    }
  }
  if (prune) {
    await jobs.work(pruneOldRowsJob, async () => {
      // One table's failure must not leave the others growing: each is tried, then the run fails if any did.
      const failures: unknown[] = [];
      for (const task of prune.tasks) {
        try {
          const result = await task.prune();
          if (result.deleted > 0) log.info({ table: task.table, ...result }, 'old rows pruned');
        } catch (error) {
          log.warn({ err: error, table: task.table }, 'pruning old rows failed');
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'pruning old rows failed');
    });
    // Now, then once per period across every process (pg-boss throttling on the job's name).
    await jobs.repeat(pruneOldRowsJob, prune.everySeconds);
  }
}
