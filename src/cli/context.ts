import pino, { type Logger } from 'pino';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createJobQueue, jobQueueOptionsFromConfig, type JobQueue } from '#server/jobs/queue.ts';
import { allJobs } from '#server/jobs/definitions.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';
import { openDatabaseFromConfig } from '#server/runtime.ts';

/** What a command gets: the database (migrated), a job queue to enqueue into, and where to write. */
export interface CliContext {
  config: Config;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: Mailer;
  log: Logger;
  out: (line: string) => void;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Opens the parts a command needs and always closes them, so the embedded database lock is released. */
export async function withCliContext<T>(
  config: Config,
  io: CliIo,
  fn: (context: CliContext) => Promise<T>,
  options: { database?: DatabaseHandle } = {},
): Promise<T> {
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL });
  const database = options.database ?? (await openDatabaseFromConfig(config));
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log });
  const jobs = createJobQueue({ database, log, ...jobQueueOptionsFromConfig(config) });
  try {
    await jobs.setUp(allJobs);
    return await fn({ config, database, jobs, mailer, log, out: io.out });
  } finally {
    await jobs.stop();
    mailer.close();
    if (!options.database) await database.close();
  }
}
