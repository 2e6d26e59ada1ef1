/**
 * The server side of `npm run bench:api`, in its own process (forked by bench/api.ts) so that it runs like
 * production: the real app at LOG_LEVEL=info (BENCH_LOG_LEVEL) with its log lines on standard output (the
 * parent sends them to a file), and so that `--cpu-prof` (BENCH_NODE_ARGS) profiles the server alone.
 *
 * It creates the database (a throwaway PostgreSQL database, or PGlite in memory), seeds it, starts the real
 * app, tells the parent where the app and the database are (the floor runs in a process of its own,
 * bench/api-floor.ts), then follows the parent's messages: `grow` adds the rest of the messages (2k -> 200k), `close` shuts everything down and drops the
 * database.
 */
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { startRuntime } from '#server/runtime.ts';
import { createApiKeyService } from '#server/modules/api-keys/service.ts';
import { addMessages, CONVERSATIONS, FIRST_PHASE_CONVERSATIONS, seed } from './api-seed.ts';
import { startCpuProfile } from './cpu-profile.ts';
import { appPoolSize, createThrowawayDatabase } from './throwaway-database.ts';

export type ToTarget = { type: 'grow' } | { type: 'close' };
export type FromTarget =
  | {
      type: 'ready';
      real: string;
      databaseUrl: string | null;
      cookie: string;
      /** An admin API key of the same workspace, for the Bearer read path (decision 043). */
      bearer: string;
      brandId: string;
    }
  | { type: 'grown'; messages: number; conversationId: string; plan: string | null };

const say = (line: string) => process.stderr.write(`${line}\n`);
const send = (message: FromTarget) => process.send!(message);

async function main(backend: string) {
  let database: DatabaseHandle;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === 'postgres') {
    const throwaway = await createThrowawayDatabase();
    databaseUrl = throwaway.url;
    database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: appPoolSize() });
    dropDatabase = throwaway.drop;
  } else {
    database = await openDatabase({ kind: 'pglite' });
  }

  await migrateDatabase(database);
  const started = Date.now();
  const { userId, brandId } = await seed(database);
  await addMessages(database, brandId, 1, FIRST_PHASE_CONVERSATIONS);
  say(
    `[${backend}] seeded ${CONVERSATIONS} conversations and ${FIRST_PHASE_CONVERSATIONS * 20} messages in ${Date.now() - started} ms`,
  );

  const config = loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    CLIENT_DIST_DIR: '/nonexistent-client-build',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const runtime = await startRuntime(config, { database, workers: false });
  const real = await runtime.app.listen({ host: '127.0.0.1', port: 0 });
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, userId)}`;
  const { rows: personal } = await database.executeSql('select id from workspaces where personal_for = $1', [
    userId,
  ]);
  const { key } = await createApiKeyService({ db: database.db }).create(userId, personal[0]!.id as string, {
    name: 'bench',
    role: 'admin',
  });
  send({ type: 'ready', real, databaseUrl: databaseUrl ?? null, cookie, bearer: `Bearer ${key}`, brandId });

  // BENCH_CPU_PROFILE=DIR: the serving at full size alone, from the end of the seeding to close.
  let profile = { async stop() {} };
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await profile.stop();
      await runtime.close();
      // runtime.close() closed the database; give the job queue's pool a moment to let its sockets go.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await dropDatabase();
    })());
  // The parent went away (finished, or interrupted): never leave a bench database behind.
  process.on('disconnect', () => void close().then(() => process.exit(0)));

  process.on('message', (message: ToTarget) => {
    void (async () => {
      if (message.type === 'grow') {
        const more = Date.now();
        await addMessages(database, brandId, FIRST_PHASE_CONVERSATIONS + 1, CONVERSATIONS);
        const { rows: count } = await database.executeSql('select count(*)::int as n from messages', []);
        say(`[${backend}] now ${count[0]!.n} messages (added in ${Date.now() - more} ms)`);
        const { rows: sample } = await database.executeSql(
          `select id from conversations where brand_id = $1 and customer_instagram_id = $2`,
          // The middle conversation (b-5000 at the default size).
          [brandId, `b-${Math.ceil(CONVERSATIONS / 2)}`],
        );
        let plan: string | null = null;
        if (backend === 'postgres') {
          const { rows } = await database.executeSql(
            `explain select id from conversations where brand_id = $1 order by last_message_at desc nulls last, id desc nulls last limit 51`,
            [brandId],
          );
          plan = rows.map((p) => p['QUERY PLAN']).join(' | ');
        }
        profile = await startCpuProfile(`api-real-${backend}`);
        send({
          type: 'grown',
          messages: count[0]!.n as number,
          conversationId: sample[0]!.id as string,
          plan,
        });
      } else {
        await close();
        process.disconnect();
      }
    })().catch((error: unknown) => {
      say(`[${backend}] ${String(error)}`);
      process.exit(1);
    });
  });
}

main(process.argv[2] ?? 'postgres').catch((error: unknown) => {
  say(`bench target failed: ${String(error)}`);
  process.exit(1);
});
