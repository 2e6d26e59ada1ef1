import path from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { startBackupService } from './db/backup.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createJobQueue, jobQueueOptionsFromConfig, type JobQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/worker.ts';
import { allJobs } from './jobs/definitions.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { buildApp } from './app.ts';
import {
  catalogSettingsFromConfig,
  createCatalogModule,
  type CatalogModule,
} from './modules/catalog/service.ts';
import { catalogSyncJob } from './jobs/definitions.ts';
import type { DashboardPorts } from './modules/dashboard/ports.ts';
import { pruneExpiredSessions } from './auth/sessions.ts';
import { rateLimitCountersRetention } from './plugins/rate-limit-store.ts';
import { resealLegacySecrets } from './security/reseal.ts';
import { createSecretBoxFromKey, resolveEncryptionKey, type SecretBox } from './security/secret-box.ts';
import { createInstagramChannel, type InstagramChannel } from './modules/channel/channel.ts';
import {
  asAssistantDrafts,
  createAssistantService,
  type AssistantService,
} from './modules/assistant/service.ts';
import { startAssistantWorker } from './modules/assistant/worker.ts';
import { createLlmComposerFromConfig } from './modules/assistant/composers/llm.ts';
import type { LlmComposer } from './modules/assistant/pipeline.ts';
import { createLoggerOptions, stdoutLogDestination } from './logging.ts';
import { processedEventsRetention } from './modules/channel/inbox-retention.ts';
import { liveEventsRetention } from './modules/dashboard/live-feed.ts';
import { auditLogRetention } from './modules/team/audit-log.ts';
import { readNotificationsRetention } from './modules/notifications/retention.ts';
import { loginSuccessesRetention } from './modules/auth/queries.ts';
import { createOrderIngest } from './modules/revenue/ingest.ts';
import { startAnalyticsWorker } from './modules/analytics/worker.ts';
import { createGuardedFetch } from './integrations/http/guarded-fetch.ts';
import { createWebhookDelivery } from './modules/webhooks/delivery.ts';
import { webhookEventsRetention } from './modules/webhooks/retention.ts';
import { auditRetentionDays } from '#contracts/team.ts';
import { pruneOlderThan, type Age, type RetentionRule } from './db/batched-delete.ts';
import { startWebhookWorkers } from './modules/webhooks/worker.ts';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: Mailer;
  secretBox: SecretBox;
  /** The Instagram channel; `channel.outbound` is the ChannelOutbound port for the assistant and the inbox. */
  channel: InstagramChannel;
  /** Stores and catalog; `catalog.answers` is the catalog port the assistant receives. */
  catalog: CatalogModule;
  /** The assistant (pipeline, playground, drafts), composed from the catalog and the channel. */
  assistant: AssistantService;
  log: Logger;
  /** Graceful: stop taking requests and let in-flight ones finish, stop jobs, close the database. */
  close(): Promise<void>;
}

/** Opens the database chosen by config (PGlite under DATA_DIR, or DATABASE_URL), migrates it, and wires the parts. */
export async function openDatabaseFromConfig(config: Config): Promise<DatabaseHandle> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function startRuntime(
  config: Config,
  options: {
    database?: DatabaseHandle;
    workers?: boolean;
    /** Tests: the dashboard actions' ports, over the defaults (the channel's outbound path and the assistant's drafts). */
    dashboardPorts?: DashboardPorts;
    logStream?: DestinationStream;
    /** Tests: parts of the Instagram channel to replace (shorter timeouts and retries). */
    channel?: Partial<Pick<Parameters<typeof createInstagramChannel>[0], 'graph' | 'budget' | 'retry'>>;
    /** Tests: the assistant's LLM composer (null forces the embedded one); from config when undefined. */
    llm?: LlmComposer | null;
  } = {},
): Promise<Runtime> {
  // Not at a terminal (production, a log collector): one batched destination for the runtime's lines and
  // Fastify's (decision 060). At a terminal, pino-pretty's transport; tests pass a stream to read.
  const logStream =
    options.logStream ??
    (process.stdout.isTTY === true || config.LOG_LEVEL === 'silent' ? undefined : stdoutLogDestination());
  const log = logStream
    ? pino(createLoggerOptions(config, { isTerminal: false }), logStream)
    : pino(createLoggerOptions(config));
  const database = options.database ?? (await openDatabaseFromConfig(config));
  // The embedded database opened here (not one a test passed in): answer `admin backup` and back up periodically.
  const backups =
    !options.database && database.kind === 'pglite'
      ? await startBackupService({
          database,
          dataDir: config.DATA_DIR,
          backupDir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
          keep: config.BACKUP_KEEP,
          everyMs: config.BACKUP_EVERY_HOURS * 60 * 60 * 1000,
          log,
        })
      : undefined;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log });
  const jobs = createJobQueue({ database, log, ...jobQueueOptionsFromConfig(config) });
  const secretBox = createSecretBoxFromKey(
    resolveEncryptionKey({
      encryptionKey: config.ENCRYPTION_KEY,
      dataDir: config.DATA_DIR,
      usesEmbeddedDatabase: !config.DATABASE_URL,
    }),
  );
  await jobs.setUp(allJobs);
  // Secrets sealed in the first format are re-sealed bound to their purpose (secret-box.ts); a key that
  // cannot open them is reported, not fatal: those connections ask for a reconnect as before.
  try {
    const resealed = await resealLegacySecrets(database.db, secretBox);
    if (resealed > 0) log.info({ resealed }, 'secrets re-sealed in the current format');
  } catch (error) {
    log.warn({ err: error }, 'could not re-seal secrets in the old format');
  }
  const channel = createInstagramChannel({
    config,
    db: database.db,
    jobs,
    secretBox,
    log,
    processingLoops: database.kind === 'pglite' ? 1 : 4,
    ...options.channel,
  });
  const catalog = createCatalogModule({
    db: database.db,
    secretBox,
    settings: catalogSettingsFromConfig(config),
    enqueueSync: async (connectionId) => {
      await jobs.send(catalogSyncJob, { connectionId });
    },
    log,
    // The stores' orders (webhooks, reconciliation, the sample store's Place order) go to revenue.
    orders: createOrderIngest(),
  });
  // The assistant receives the catalog and the channel's outbound path as services.
  const assistant = createAssistantService({
    db: database.db,
    catalog: catalog.answers,
    channel: channel.outbound,
    llm: options.llm === undefined ? createLlmComposerFromConfig(config, catalog.answers, log) : options.llm,
    log,
  });
  /** A table's retention rule (its module's) with its age (the configuration's): one task of the prune job. */
  const retention = (rule: RetentionRule, olderThan: Age) => ({
    table: rule.table,
    prune: () => pruneOlderThan(database.db, { ...rule, olderThan }),
  });
  if (options.workers ?? true) {
    await startWorkers({
      jobs,
      mailer,
      catalog: catalog.sync,
      // Decisions 008 and 020: the tables that would otherwise grow forever.
      prune: {
        everySeconds: config.PRUNE_EVERY_SECONDS,
        tasks: [
          retention(processedEventsRetention, { days: config.INSTAGRAM_EVENTS_RETENTION_DAYS }),
          retention(rateLimitCountersRetention, { seconds: 3600 }),
          {
            table: 'sessions',
            // Expired and idle sessions can no longer sign anyone in; without this they stay forever.
            prune: () => pruneExpiredSessions(database.db),
          },
          retention(liveEventsRetention, { seconds: config.LIVE_EVENTS_RETENTION_SECONDS }),
          // Decision 049: the delivery log keeps 30 days; deliveries go with their events.
          retention(webhookEventsRetention, { days: 30 }),
          // Decision 042: the audit log is kept a year.
          retention(auditLogRetention, { days: auditRetentionDays }),
          retention(readNotificationsRetention, { days: config.NOTIFICATIONS_RETENTION_DAYS }),
          // One row per user and address, written at every sign-in.
          retention(loginSuccessesRetention, { days: config.LOGIN_SUCCESSES_RETENTION_DAYS }),
        ],
      },
      log,
    });
    await channel.startWorkers();
    // Decision 028: the Performance screen's roll-up follows the recorded changes within a period.
    await startAnalyticsWorker({
      db: database.db,
      jobs,
      everySeconds: config.ANALYTICS_ROLLUP_EVERY_SECONDS,
      log,
    });
    // Decision 049: outbound webhooks to the addresses workspaces subscribed, through the same address guard as
    // stores (decision 025), redirects not followed.
    await startWebhookWorkers({
      jobs,
      delivery: createWebhookDelivery({
        db: database.db,
        jobs,
        secretBox,
        fetch: createGuardedFetch({ allowLoopback: config.ALLOW_LOOPBACK_WEBHOOKS, maxRedirects: 0 }),
        log,
        // JOB_RETRY_DELAY_SECONDS (tests) makes every wait between attempts that short.
        ...(config.JOB_RETRY_DELAY_SECONDS ? { retryDelaysSeconds: [config.JOB_RETRY_DELAY_SECONDS] } : {}),
      }),
      everySeconds: config.WEBHOOKS_DISPATCH_EVERY_SECONDS,
      log,
    });
    // PostgreSQL answers many at once (4 workers fetching up to 4 jobs each); PGlite has one connection, so
    // answering several at once only overlaps network waits.
    await startAssistantWorker({
      jobs,
      assistant,
      ...(config.DATABASE_URL ? { concurrency: 4, batchSize: 4 } : { concurrency: 2, batchSize: 2 }),
    });
  }
  const app = await buildApp({
    config,
    database,
    jobs,
    mailer,
    secretBox,
    // The dashboard's person replies and comment replies go through the channel's outbound path, and
    // "Generate AI Response" asks the assistant for a draft.
    dashboardPorts: {
      channel: channel.outbound,
      drafts: asAssistantDrafts(assistant),
      ...options.dashboardPorts,
    },
    channel,
    catalog,
    assistant,
    ...(logStream ? { logStream } : {}),
  });

  let closing: Promise<void> | undefined;
  return {
    app,
    database,
    jobs,
    mailer,
    secretBox,
    channel,
    catalog,
    assistant,
    log,
    close() {
      closing ??= (async () => {
        // Fastify closes idle keep-alive sockets once, when close starts; a socket whose request was still
        // running becomes idle later and would hold close() open until the keep-alive timeout.
        const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        await jobs.stop();
        mailer.close();
        await backups?.close();
        await database.close();
      })();
      return closing;
    },
  };
}
