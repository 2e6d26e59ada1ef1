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
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
