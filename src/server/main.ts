import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { describeStartup, startupWarnings } from './logging.ts';
import { hasAdministrator } from './modules/auth/queries.ts';
import { startRuntime } from './runtime.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const address = await runtime.app.listen({ port: config.PORT, host: config.HOST });
  const startup = describeStartup(config, {
    address,
    databaseKind: runtime.database.kind,
    mailTransport: runtime.mailer.transport,
    hasAdministrator: await hasAdministrator(runtime.database.db),
  });
  for (const line of startup) runtime.log.info(line);
  for (const line of startupWarnings(config)) runtime.log.warn(line);
  // Info lines are written in batches (decision 060); whoever started the server is waiting for these.
  runtime.log.flush();

  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      runtime.log.warn('second signal: exiting now');
      process.exit(1);
    }
    runtime.log.info({ signal }, 'shutting down gracefully');
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        runtime.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Voicecart cannot start.\n${error.message}`);
  } else {
    console.error('Voicecart failed to start:', error);
  }
  process.exit(1);
});
