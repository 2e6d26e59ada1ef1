import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabaseFromConfig } from '#server/runtime.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#tests/support/test-database.ts';
import type { DatabaseHandle } from './client.ts';

/** DATABASE_POOL_SIZE bounds the app's connections: more work than connections waits in the app (decision 063). */
describe.skipIf(!testDatabaseUrl)('the PostgreSQL pool', () => {
  let database: TestDatabase;
  let app: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await openDatabaseFromConfig(loadConfig({ DATABASE_URL: database.url!, DATABASE_POOL_SIZE: '3' }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds at most DATABASE_POOL_SIZE connections however many queries wait', async () => {
    // Each query says which server process (connection) ran it.
    const backends = await Promise.all(
      Array.from({ length: 9 }, async () => {
        const { rows } = await app.executeSql('select pg_backend_pid() as pid, pg_sleep(0.05)');
        return rows[0]!.pid as number;
      }),
    );
    expect(backends).toHaveLength(9);
    expect(new Set(backends).size).toBe(3);
  });
});
