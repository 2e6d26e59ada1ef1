import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';

/** Set TEST_DATABASE_URL (a PostgreSQL server URL) to run the server suite against PostgreSQL. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the throwaway PostgreSQL database, when running against PostgreSQL. */
  url?: string;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file (or one test): in-memory PGlite restored from the
 * snapshot that global-setup made, or a new PostgreSQL database that is dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  const name = `voicecart_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabaseName(testDatabaseUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      // pg-pool's end() resolves once it has asked its clients to end, not once their backends are gone;
      // forcing the drop at once would kill a connection that is still closing.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
