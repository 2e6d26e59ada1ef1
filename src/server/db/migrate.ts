import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: every Voicecart instance agrees on it, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the committed migrations. Drizzle's migrate() takes no lock, so two instances could race. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    // Also in migration 0001; kept here so a regenerated migration set cannot lose it.
    await handle.executeSql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
