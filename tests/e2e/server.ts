import { loadConfig } from '#server/config.ts';
import { openDatabaseFromConfig, startRuntime } from '#server/runtime.ts';
import { createQuotingDrafts } from '#tests/fakes/dashboard-ports.ts';

/**
 * The production server for the end-to-end suite. Until the assistant (issue 11) is merged, the dashboard's
 * "Generate AI Response" gets its drafts from tests/fakes/dashboard-ports.ts; sends use the real Instagram
 * channel against the fake Graph. Once the assistant is wired in runtime.ts, global-setup goes back to
 * src/server/main.ts and this file goes.
 */
const config = loadConfig();
const database = await openDatabaseFromConfig(config);
const runtime = await startRuntime(config, {
  database,
  dashboardPorts: { drafts: createQuotingDrafts(database.db) },
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
