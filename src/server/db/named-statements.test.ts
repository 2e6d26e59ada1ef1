import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#tests/support/test-database.ts';
import { openDatabase, rowArrayRunnerOf, type DatabaseHandle } from './client.ts';
import { users } from './schema/users.ts';

/**
 * The hot reads' runner sends a named statement with rows as arrays, its fixed fields inherited from a base
 * config kept per statement (decision 064), and Drizzle's queries are named as well (decision 065). One
 * connection, so the prepared statements listed are the ones these calls made.
 */
describe.skipIf(!testDatabaseUrl)('named statements on PostgreSQL', () => {
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

  it('names a Drizzle query by its text, which Drizzle passes beside its config, in and out of a transaction', async () => {
    const byEmail = (db: typeof app.db, email: string) =>
      db.select({ email: users.email }).from(users).where(eq(users.email, email));
    const { sql: text } = byEmail(app.db, 'x').toSQL();
    const named = async () => (await prepared()).filter((row) => row.statement === text);
    expect(await named()).toEqual([]);

    await app.executeSql(
      `insert into users (email, password_hash, verified) values ('linen@example.com', 'x', true), ('silk@example.com', 'x', true)`,
    );
    expect(await byEmail(app.db, 'linen@example.com')).toEqual([{ email: 'linen@example.com' }]);
    expect(await byEmail(app.db, 'silk@example.com')).toEqual([{ email: 'silk@example.com' }]);
    expect(await app.db.transaction((tx) => byEmail(tx as typeof app.db, 'nobody@example.com'))).toEqual([]);
    const statements = await named();
    expect(statements).toHaveLength(1);
    expect(String(statements[0]!.name)).toMatch(/^voicecart_\d+$/);
  });
});
