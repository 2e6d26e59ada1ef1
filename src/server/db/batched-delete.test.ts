import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { pruneOlderThan } from './batched-delete.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // A table of its own: rows aged by hand, one with a single key and one whose key spans two columns.
  await database.executeSql(`create table prune_probe (id serial primary key, label text not null,
    at timestamptz not null, pinned boolean)`);
  await database.executeSql(`create table prune_pairs (a int not null, b int not null, at timestamptz not null,
    primary key (a, b))`);
}, 60_000);
afterAll(() => database?.close());

const labels = async (table: string, column: string) => {
  const { rows } = await database.executeSql(`select ${column} as label from ${table} order by 1`);
  return rows.map((row) => String(row.label));
};

describe('pruneOlderThan', () => {
  it('deletes rows older than the age in batches, and keeps what the condition names (a null condition keeps nothing)', async () => {
    await database.executeSql(`insert into prune_probe (label, at, pinned) values
      ('old-1', now() - interval '10 days', false), ('old-2', now() - interval '9 days', null),
      ('old-3', now() - interval '8 days', false), ('old-4', now() - interval '7 days', false),
      ('old-pinned', now() - interval '30 days', true), ('recent', now() - interval '1 day', false)`);

    const result = await pruneOlderThan(database.db, {
      table: 'prune_probe',
      column: 'at',
      olderThan: { days: 5 },
      keep: sql`pinned`,
      batchSize: 2,
    });

    // Two full batches, then the short one that shows nothing is left.
    expect(result).toEqual({ deleted: 4, statements: 3 });
    expect(await labels('prune_probe', 'label')).toEqual(['old-pinned', 'recent']);
  });

  it('takes ages in seconds, and rows by ctid when the key spans columns, without an index to order by', async () => {
    await database.executeSql(`insert into prune_pairs (a, b, at) values
      (1, 1, now() - interval '2 hours'), (1, 2, now() - interval '30 minutes'), (2, 1, now() - interval '3 hours')`);

    const result = await pruneOlderThan(database.db, {
      table: 'prune_pairs',
      key: 'ctid',
      column: 'at',
      olderThan: { seconds: 3600 },
      indexed: false,
    });

    expect(result.deleted).toBe(2);
    expect(await labels('prune_pairs', `a || '-' || b`)).toEqual(['1-2']);
  });
});
