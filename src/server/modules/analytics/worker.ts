import type { Database } from '#server/db/client.ts';
import type { PeriodicWorkerDeps } from '#server/jobs/queue.ts';
import { analyticsRollupJob, overviewCountsJob } from '#server/jobs/definitions.ts';
import { recordOverviewCounts } from './overview-counts.ts';
import { rollUpChanges } from './rollup.ts';

/** Keeps the roll-up current: every `everySeconds`, the days changed since the last run are recomputed. */
export async function startAnalyticsWorker(input: PeriodicWorkerDeps & { db: Database }): Promise<void> {
  const { db, jobs, everySeconds, log } = input;
  await jobs.work(analyticsRollupJob, async () => {
    const days = await rollUpChanges(db);
    if (days > 0) log.debug({ days }, 'analytics roll-up');
  });
  await jobs.repeat(analyticsRollupJob, everySeconds);
  // Decision 051: the Overview's counts, hourly (the last recording of a day stands for it).
  await jobs.work(overviewCountsJob, async () => {
    await recordOverviewCounts(db);
  });
  await jobs.repeat(overviewCountsJob, 3600);
}
