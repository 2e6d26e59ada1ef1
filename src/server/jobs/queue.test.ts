import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { useTestApp } from '#tests/support/test-app.ts';
import { createJobQueue, deadLetterQueueName, defineJob, type JobQueue } from './queue.ts';

describe('job queue (pg-boss on the app database)', () => {
  /** A queue of its own whose workers poll only every 60 s (so only a wake starts a job soon), and one job on it. */
  const slowQueueWith = <Payload extends object>(name: string) => ({
    slow: createJobQueue({ database: app.database, pollSeconds: 60, log: app.log }) as JobQueue,
    job: defineJob<Payload>(name, { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 }),
  });
  const ran: string[] = [];
  let failures = 0;
  const recordJob = defineJob<{ tag: string }>('test-record', {
    retryLimit: 0,
    retryDelay: 1,
    retryBackoff: false,
    expireInSeconds: 30,
  });
  const flakyJob = defineJob<{ tag: string }>('test-flaky', {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: false,
    expireInSeconds: 30,
  });

  const app = useTestApp();
  beforeAll(async () => {
    await app.jobs.declare(recordJob);
    await app.jobs.declare(flakyJob);
    await app.jobs.work(recordJob, async ({ tag }) => {
      ran.push(tag);
    });
    await app.jobs.work(flakyJob, async () => {
      failures += 1;
      throw new Error('the outside service is down');
    });
  });

  it('runs a job enqueued in a committed transaction, never one whose transaction rolled back', async () => {
    await app.database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'rolled-back@example.com' });
        await app.jobs.send(recordJob, { tag: 'rolled-back' }, { tx });
        throw new Error('abort');
      })
      .catch((error: Error) => expect(error.message).toBe('abort'));

    await app.database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'committed@example.com' });
      await app.jobs.send(recordJob, { tag: 'committed' }, { tx });
    });

    await vi.waitFor(() => expect(ran).toContain('committed'), { timeout: 15_000, interval: 100 });
    // Give the worker a few more polls: the rolled-back job must never appear.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toEqual(['committed']);
    const rows = await app.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and data->>'tag' = $2`,
      [recordJob.name, 'rolled-back'],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('repeat runs a job at once and again each period, once per period however many processes ask', async () => {
    const repeated: number[] = [];
    const tickJob = defineJob<Record<string, never>>('test-repeat', {
      retryLimit: 0,
      retryDelay: 1,
      retryBackoff: false,
      expireInSeconds: 30,
    });
    await app.jobs.work(tickJob, async () => {
      repeated.push(Date.now());
    });
    // Two processes starting in the same period (one queue here; the throttle lives in the database).
    await app.jobs.repeat(tickJob, 3);
    await app.jobs.repeat(tickJob, 3);
    const perPeriod = async () =>
      (
        await app.database.executeSql(
          `select count(distinct singleton_on)::int as periods, count(*)::int as n from pgboss.job where name = $1`,
          [tickJob.name],
        )
      ).rows[0];
    // One job, unless the two calls fell either side of a period's edge: never two in one period.
    expect((await perPeriod())?.n).toBe((await perPeriod())?.periods);
    await vi.waitFor(() => expect(repeated.length).toBeGreaterThanOrEqual(1), {
      timeout: 15_000,
      interval: 100,
    });
    // The next period brings the next run, without anyone sending it.
    await vi.waitFor(() => expect(repeated.length).toBeGreaterThanOrEqual(2), {
      timeout: 15_000,
      interval: 100,
    });
    const after = await perPeriod();
    expect(after?.n).toBe(after?.periods);
  }, 30_000);

  it('retries a failing job, then moves it to the dead-letter queue', async () => {
    const id = await app.jobs.send(flakyJob, { tag: 'doomed' });
    expect(id).toBeTruthy();
    const dead = deadLetterQueueName(flakyJob.name);
    await vi.waitFor(
      async () => {
        const { rows } = await app.database.executeSql(
          `select count(*)::int as n from pgboss.job where name = $1 and data->>'tag' = 'doomed'`,
          [dead],
        );
        expect(rows[0]?.n === 1).toBe(true);
      },
      { timeout: 25_000, interval: 100 },
    );
    // One first try plus retryLimit retries.
    expect(failures).toBe(3);
    const job = await app.jobs.boss.getJobById(flakyJob.name, id!);
    expect(job?.state).toBe('failed');
    expect(job?.retryCount).toBe(2);
  }, 40_000);

  it('wake starts a job inserted the moment before, every time (PGlite counts whole milliseconds)', async () => {
    // Workers that poll every 60 s: each job below can only start through its wake. A fetch in the millisecond of
    // the job's insert would not see it (pg-boss takes start_after < now()), and the job would wait for the poll.
    const { slow, job: quickJob } = slowQueueWith<{ n: number }>('test-wake-quick');
    const done = new Set<number>();
    try {
      await slow.start();
      await slow.declare(quickJob);
      await slow.work(quickJob, async ({ n }) => {
        done.add(n);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (let n = 0; n < 40; n += 1) {
        await slow.send(quickJob, { n });
        slow.wake(quickJob, 1);
        // Far below the 60 s poll, with room for a machine busy with other test files (1 s was missed once).
        await vi.waitFor(() => expect(done.has(n)).toBe(true), { timeout: 5000, interval: 100 });
      }
      expect(done.size).toBe(40);
    } finally {
      await slow.stop();
    }
  }, 60_000);

  it('wake starts a new job at once on an idle worker while another worker is busy, without waiting for a poll', async () => {
    // A queue of its own whose workers poll only every 60 s: only wake can start a job within the test.
    const { slow, job: wakeJob } = slowQueueWith<{ tag: string }>('test-wake');
    const started: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      await slow.start();
      await slow.declare(wakeJob);
      for (let worker = 0; worker < 2; worker += 1) {
        await slow.work(wakeJob, async ({ tag }) => {
          started.push(tag);
          if (tag === 'first') await held;
        });
      }
      // Both workers have made their first fetch (empty) and now wait out the 60 s poll.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await slow.send(wakeJob, { tag: 'first' });
      slow.wake(wakeJob, 1);
      await vi.waitFor(() => expect(started).toContain('first'), { timeout: 5000, interval: 100 });
      await slow.send(wakeJob, { tag: 'second' });
      slow.wake(wakeJob, 1);
      // The first worker is still busy: the second job can only have started on the idle one.
      await vi.waitFor(() => expect(started).toContain('second'), { timeout: 5000, interval: 100 });
      expect(started).toEqual(['first', 'second']);
    } finally {
      release();
      await slow.stop();
    }
  }, 30_000);
});
