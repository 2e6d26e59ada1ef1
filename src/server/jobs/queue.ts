import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '#server/config.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';

/** A job kind: its queue name, retry policy and payload type. Handlers are attached by the worker. */
export interface JobDefinition<Payload> {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when retryBackoff is set. */
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  /** Phantom field that carries the payload type. */
  readonly payload?: Payload;
}

export function defineJob<Payload>(
  name: string,
  policy: Omit<JobDefinition<Payload>, 'name' | 'payload'>,
): JobDefinition<Payload> {
  return { name, ...policy };
}

/** Jobs that failed every retry land here, to be read and replayed by a person. */
export const deadLetterQueueName = (name: string) => `${name}.dead`;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Database;
  singletonKey?: string;
  startAfter?: Date;
}

export interface JobQueue {
  readonly boss: PgBoss;
  start(): Promise<void>;
  /**
   * Starts the queue and declares the jobs, under an advisory lock every instance agrees on: pg-boss creates each
   * queue's tables on first use, and two instances starting at once on an empty PostgreSQL database deadlocked
   * there (one of them failed to start).
   */
  setUp(jobs: readonly JobDefinition<unknown>[]): Promise<void>;
  /** Creates the queue (and its dead-letter queue) if needed. Call before send or work. */
  declare(job: JobDefinition<unknown>): Promise<void>;
  send<P extends object>(job: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one kind in one INSERT (a webhook batch), inside the caller's transaction when given. */
  sendMany<P extends object>(
    job: JobDefinition<P>,
    items: { payload: P; singletonKey?: string }[],
    options?: { tx?: Database },
  ): Promise<void>;
  work<P extends object>(
    job: JobDefinition<P>,
    handler: (payload: P, jobId: string) => Promise<void>,
    /** parallel: the jobs of a batch run at once (they must not depend on each other's order). */
    options?: { batchSize?: number; parallel?: boolean },
  ): Promise<void>;
  /**
   * Wakes as many of this process's workers of the job as `count` new jobs need (all when omitted), idle ones
   * first, instead of at their next poll (pg-boss notifyWorker); a busy worker fetches again as soon as it is
   * done. Call after the transaction that enqueued commits; polling stays the safety net across processes.
   */
  wake(job: JobDefinition<unknown>, count?: number): void;
  /**
   * Runs a payload-less job now and every `everySeconds` while this process runs. Each period holds one run across
   * all processes (pg-boss throttling on the job's name), so more instances do not mean more runs. Unlike
   * `boss.schedule` (cron, whole minutes) the period can be seconds.
   */
  repeat(job: JobDefinition<Record<string, never>>, everySeconds: number): Promise<void>;
  /**
   * Runs a payload-less job on a cron schedule (whole minutes, UTC), once per tick across all processes (pg-boss
   * keeps one schedule per name in the database). Declares the job first, like every other way in.
   */
  schedule(
    job: JobDefinition<Record<string, never>>,
    cron: string,
    options?: { singletonKey?: string },
  ): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Parameters as node-postgres would send them: undefined is NULL (Drizzle would drop the placeholder) and
 * plain objects are JSON (Drizzle on PGlite would send `[object Object]`).
 */
function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  const isPlainObject =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value);
  return isPlainObject ? JSON.stringify(value) : value;
}

/** pg-boss speaks `$1` placeholders; inside a Drizzle transaction we hand the same text to tx.execute. */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${toParameter(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

function transactionExecutor(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** Arbitrary constant (the migrations use 727_001): every Voicecart instance agrees on it. */
const SET_UP_LOCK_KEY = 727_002;

/** What a module's periodic worker starts with: the queue, the period of its repeated job, the log. */
export interface PeriodicWorkerDeps {
  jobs: JobQueue;
  everySeconds: number;
  log: Logger;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  /** Used instead of the shared handle on PostgreSQL, so jobs get their own small pool. */
  databaseUrl?: string;
  pollSeconds: number;
  /** Overrides every job's retryDelay (config JOB_RETRY_DELAY_SECONDS), e.g. so tests see retries in seconds. */
  retryDelaySeconds?: number;
  /** How often expired jobs (a crashed worker's) are found and retried; 120 s unless set (JOB_MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number;
  /** Caps every job's expireInSeconds (config JOB_EXPIRE_SECONDS), so a killed worker's jobs return sooner. */
  expireSeconds?: number;
  log: Logger;
}

type JobQueueConfig = Pick<
  Config,
  | 'DATABASE_URL'
  | 'JOB_POLL_SECONDS'
  | 'JOB_RETRY_DELAY_SECONDS'
  | 'JOB_MAINTENANCE_SECONDS'
  | 'JOB_EXPIRE_SECONDS'
>;

/** The queue's options from config: the one reading, so the server and the admin CLI set the queue up alike. */
export function jobQueueOptionsFromConfig(config: JobQueueConfig): Omit<JobQueueOptions, 'database' | 'log'> {
  return {
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    pollSeconds: config.JOB_POLL_SECONDS,
    ...(config.JOB_RETRY_DELAY_SECONDS ? { retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS } : {}),
    ...(config.JOB_MAINTENANCE_SECONDS ? { maintenanceSeconds: config.JOB_MAINTENANCE_SECONDS } : {}),
    ...(config.JOB_EXPIRE_SECONDS ? { expireSeconds: config.JOB_EXPIRE_SECONDS } : {}),
  };
}

export function createJobQueue({
  database,
  databaseUrl,
  pollSeconds,
  retryDelaySeconds,
  maintenanceSeconds,
  expireSeconds,
  log,
}: JobQueueOptions): JobQueue {
  const connection: PgBoss.ConstructorOptions = databaseUrl
    ? { connectionString: databaseUrl, max: 4, application_name: 'voicecart-jobs' }
    : { db: { executeSql: (text, values) => database.executeSql(text, values) } };
  const boss = new PgBoss({
    ...connection,
    // Maintenance (expiry, archiving) every few minutes is plenty for our volumes.
    maintenanceIntervalSeconds: maintenanceSeconds ?? 120,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const declared = new Set<string>();
  const workerIds = new Map<string, string[]>();
  /** Workers running their handler now: waking them would only make them fetch early for nothing. */
  const busy = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;

  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },
    async setUp(jobs) {
      await database.withAdvisoryLock(SET_UP_LOCK_KEY, async () => {
        await this.start();
        for (const job of jobs) await this.declare(job);
      });
    },
    async declare(job) {
      if (declared.has(job.name)) return;
      const dead = deadLetterQueueName(job.name);
      if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { name: dead, retryLimit: 0 });
      const queue: PgBoss.Queue = {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: retryDelaySeconds ?? job.retryDelay,
        retryBackoff: job.retryBackoff,
        expireInSeconds: expireSeconds ? Math.min(expireSeconds, job.expireInSeconds) : job.expireInSeconds,
        deadLetter: dead,
      };
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue);
      else await boss.createQueue(job.name, queue);
      declared.add(job.name);
    },
    async send(job, payload, options = {}) {
      if (!declared.has(job.name)) {
        // Inside a transaction on PGlite (one connection) a declare would wait for the transaction forever.
        if (options.tx)
          throw new Error(`Job queue ${job.name} must be declared before sending in a transaction`);
        await this.declare(job);
      }
      return boss.send(job.name, payload, {
        ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async sendMany(job, items, options = {}) {
      if (items.length === 0) return;
      if (!declared.has(job.name)) {
        if (options.tx)
          throw new Error(`Job queue ${job.name} must be declared before sending in a transaction`);
        await this.declare(job);
      }
      // One item (a webhook of one event, the usual case) goes through `send`'s single-row insert: pg-boss's
      // batch insert reads its rows from json_to_recordset and costs about twice as much per call on PGlite.
      if (items.length === 1) {
        await this.send(job, items[0]!.payload, {
          ...(options.tx ? { tx: options.tx } : {}),
          ...(items[0]!.singletonKey ? { singletonKey: items[0]!.singletonKey } : {}),
        });
        return;
      }
      await boss.insert(
        items.map((item) => ({
          name: job.name,
          data: item.payload,
          ...(item.singletonKey ? { singletonKey: item.singletonKey } : {}),
        })),
        options.tx ? { db: transactionExecutor(options.tx) } : {},
      );
    },
    wake(job, count = Infinity) {
      const notify = () => {
        const ids = workerIds.get(job.name) ?? [];
        // Idle workers first; then busy ones, which fetch again as soon as their batch is done.
        const ordered = [...ids.filter((id) => !busy.has(id)), ...ids.filter((id) => busy.has(id))];
        for (const id of ordered.slice(0, count)) boss.notifyWorker(id);
      };
      // pg-boss fetches the jobs whose start_after < now(). PGlite's clock counts whole milliseconds, so a fetch in
      // the millisecond the job was inserted in does not see it, and the worker sleeps until its next poll (a
      // reply 2 s late, seen in bench:assistant). Waking a millisecond later rules that out; PostgreSQL's clock
      // counts microseconds.
      if (database.kind === 'pglite') setTimeout(notify, 1).unref();
      else notify();
    },
    async repeat(job, everySeconds) {
      await this.declare(job);
      const enqueue = async () => {
        // A second send in the same period is dropped by pg-boss (it answers null).
        await boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: everySeconds });
      };
      await enqueue();
      const timer = setInterval(() => {
        enqueue().catch((error: unknown) => log.warn({ err: error, job: job.name }, 'job not enqueued'));
      }, everySeconds * 1000);
      timer.unref();
      timers.add(timer);
    },
    async schedule(job, cron, options = {}) {
      await this.declare(job);
      await boss.schedule(job.name, cron, {}, options);
    },
    async work(job, handler, options = {}) {
      await this.declare(job);
      const batchSize = options.batchSize ?? 1;
      const self: { workerId?: string } = {};
      const runOne = async (item: PgBoss.Job<typeof job.payload>) => {
        try {
          await handler(item.data as never, item.id);
        } catch (error) {
          log.warn({ err: error, job: job.name, jobId: item.id }, 'job failed; pg-boss will retry it');
          throw error;
        }
      };
      // A failure fails the whole batch, so pg-boss retries all of it: handlers are idempotent.
      const runBatch = async (jobs: PgBoss.Job<typeof job.payload>[]) => {
        if (!options.parallel) {
          for (const item of jobs) await runOne(item);
          return;
        }
        const failed = (await Promise.allSettled(jobs.map(runOne))).find(
          (result) => result.status === 'rejected',
        );
        if (failed) throw failed.reason;
      };
      const id = await boss.work<typeof job.payload>(
        job.name,
        { pollingIntervalSeconds: pollSeconds, batchSize },
        async (jobs) => {
          // A full batch means more may be waiting: fetch again at once rather than after a polling interval.
          if (jobs.length >= batchSize && self.workerId) boss.notifyWorker(self.workerId);
          if (self.workerId) busy.add(self.workerId);
          try {
            await runBatch(jobs);
          } finally {
            if (self.workerId) busy.delete(self.workerId);
          }
        },
      );
      self.workerId = id;
      workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), id]);
    },
    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      // graceful: wait for running handlers; close: pg-boss closes its own pool (not our shared handle).
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true });
    },
  };
}
