import { generateDrizzleJson } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import * as schema from './schema/index.ts';

/**
 * drizzle-kit compares a database with the schema files by name: a constraint or index that a migration written by
 * hand named otherwise (PostgreSQL's own `_fkey`, a name cut to 63 characters) shows up as one to drop and one to
 * create in `drizzle-kit push`, and a generated migration that touches it names the wrong one.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What this test reads of a table in drizzle-kit's snapshot: its name and its named parts, each by name. */
interface SnapshotTable {
  name: string;
  foreignKeys: Record<string, { name: string }>;
  compositePrimaryKeys: Record<string, { name: string }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
  indexes: Record<string, { name: string }>;
}

/** `table.name` of every constraint and index the schema files declare, as drizzle-kit names them. */
function declaredNames(): string[] {
  const names: string[] = [];
  const tables = generateDrizzleJson(schema).tables as Record<string, SnapshotTable>;
  for (const table of Object.values(tables)) {
    const groups = [
      table.foreignKeys,
      table.compositePrimaryKeys,
      table.uniqueConstraints,
      table.checkConstraints,
      table.indexes,
    ];
    for (const group of groups)
      for (const { name } of Object.values(group)) names.push(`${table.name}.${name}`);
  }
  return names.sort();
}

/**
 * The same from the migrated database. A one-column primary key is left out on both sides: drizzle-kit does not
 * name it (PostgreSQL's `<table>_pkey` is what both mean); nor is the index behind a constraint listed twice.
 */
async function migratedNames(): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select c.relname as table_name, con.conname as name
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and con.contype in ('f', 'u', 'c', 'p')
        and not (con.contype = 'p' and cardinality(con.conkey) = 1)
     union all
     select i.tablename, i.indexname
       from pg_indexes i
      where i.schemaname = 'public'
        and not exists (select 1 from pg_constraint con where con.conindid = (quote_ident(i.indexname))::regclass)`,
    [],
  );
  return rows.map((row) => `${String(row.table_name)}.${String(row.name)}`).sort();
}

describe('the migrated database', () => {
  it('names every constraint and index as the schema files do', async () => {
    const declared = declaredNames();
    expect(declared.length).toBeGreaterThan(100);
    expect(await migratedNames()).toEqual(declared);
  });
});
