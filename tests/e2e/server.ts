import { loadConfig } from '#server/config.ts';
import { openDatabaseFromConfig, startRuntime } from '#server/runtime.ts';
import { createDatabaseChannel, createQuotingDrafts } from '#tests/fakes/dashboard-ports.ts';

/**
 * The production server for the end-to-end suite, with the dashboard's ports filled by the fakes of
 * tests/fakes/dashboard-ports.ts until the channel (issue 9) and the assistant (issue 11) are merged; then the
 * lead wires the real ones in runtime.ts and global-setup goes back to src/server/main.ts.
 */
const config = loadConfig();
const database = await openDatabaseFromConfig(config);
const runtime = await startRuntime(config, {
  database,
  dashboardPorts: { channel: createDatabaseChannel(database.db), drafts: createQuotingDrafts(database.db) },
});
await runtime.app.listen({ port: config.PORT, host: config.HOST });
const shutdown = () => {
  runtime.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
