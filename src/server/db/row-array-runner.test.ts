import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#tests/support/test-database.ts';
import { openDatabase, rowArrayRunnerOf, type DatabaseHandle } from './client.ts';

/**
 * The hot reads' runner sends a named statement with rows as arrays, its fixed fields inherited from a base
 * config kept per statement (decision 064). One connection, so the prepared statements listed are the ones these
 * calls made.
 */
describe.skipIf(!testDatabaseUrl)('the row-array runner on PostgreSQL', () => {
  let database: TestDatabase;
  let app: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const prepared = async () =>
    (await app.executeSql('select name, statement from pg_prepared_statements order by name')).rows;

  it('the row-array runner prepares each statement once and answers each call with its own values', async () => {
    const runner = rowArrayRunnerOf(app.db)!;
    const statement = {
      name: 'runner_test',
      text: `select $1::int as n, timestamptz '2026-11-27 10:00:00.123456+00' as at`,
    };
    expect(await runner(statement, [1])).toEqual([[1, '2026-11-27 10:00:00.123456+00']]);
    expect(await runner(statement, [2])).toEqual([[2, '2026-11-27 10:00:00.123456+00']]);
    const other = { name: 'runner_test_other', text: 'select $1::text as word' };
    expect(await runner(other, ['linen'])).toEqual([['linen']]);
    expect(await runner(statement, [3])).toEqual([[3, '2026-11-27 10:00:00.123456+00']]);
    expect((await prepared()).filter((row) => String(row.name).startsWith('runner_test'))).toEqual([
      { name: 'runner_test', statement: statement.text },
      { name: 'runner_test_other', statement: other.text },
    ]);
  });
});
