import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAhead, withPreparedStatements, type PgliteQueries } from './pglite-statements.ts';

let client: PGlite;
let queries: PgliteQueries;

beforeEach(async () => {
  client = new PGlite();
  await client.waitReady;
  await client.exec(`create table items (id int primary key, title text not null, tags text[], data jsonb,
    price numeric(10, 2), seen_at timestamptz, note text)`);
  queries = withPreparedStatements(client, { maxNames: 3 });
});
afterEach(async () => {
  await client.close();
});

const prepared = async () =>
  (
    await client.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements order by name',
    )
  ).rows;

/** Another caller's transaction: it inserts item 1, then stays open until released (and then runs `then`). */
function openTransaction(title: string, then?: (tx: Transaction) => Promise<unknown>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const open = new Promise<void>((resolve) => (inserted = resolve));
  const done = queries.transaction(async (tx) => {
    await tx.query('insert into items (id, title) values ($1, $2)', [1, title]);
    inserted();
    await held;
    await then?.(tx);
  });
  return { open, release, done };
}

describe('PGlite statements prepared once', () => {
  it('answers exactly what PGlite’s own query answers, in both row modes and with parsers', async () => {
    const row = [
      1,
      'Linen shirt',
      ['summer', 'linen'],
      { sizes: ['S', 'M'] },
      '59.90',
      new Date('2026-11-25T10:00:00Z'),
      null,
    ];
    await queries.query('insert into items values ($1, $2, $3, $4, $5, $6, $7)', row);
    const text = 'select * from items where id = $1 and title like $2';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } },
    ]) {
      const own = await client.query(text, [1, 'Linen%'], options);
      const ours = await queries.query(text, [1, 'Linen%'], options);
      expect(ours.rows).toEqual(own.rows);
      expect(ours.fields).toEqual(own.fields);
      expect(ours.rows).toHaveLength(1);
    }
    const insert = await queries.query('update items set note = $1 where id = $2', ['x', 1]);
    expect(insert.affectedRows).toBe(1);
  });

  it('parses a text once, as a named statement, and runs it again with new values', async () => {
    const text = 'insert into items (id, title) values ($1, $2) returning title';
    expect((await queries.query(text, [1, 'one'])).rows).toEqual([{ title: 'one' }]);
    expect((await queries.query(text, [2, 'two'])).rows).toEqual([{ title: 'two' }]);
    expect(await prepared()).toEqual([{ name: 'voicecart_1', statement: text }]);
  });

  it('runs texts past the cap as the unnamed statement, still right', async () => {
    for (let index = 1; index <= 5; index += 1)
      expect((await queries.query(`select $1::int + ${index} as n`, [index])).rows).toEqual([
        { n: 2 * index },
      ]);
    expect((await prepared()).map((row) => row.name)).toEqual(['voicecart_1', 'voicecart_2', 'voicecart_3']);
    // A capped text runs again, and a named one after it still has its own plan.
    expect((await queries.query('select $1::int + 5 as n', [1])).rows).toEqual([{ n: 6 }]);
    expect((await queries.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps no statement whose SQL is wrong, and goes on after an error', async () => {
    await expect(queries.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(await prepared()).toEqual([]);
    const insert = 'insert into items (id, title) values ($1, $2)';
    await queries.query(insert, [1, 'one']);
    await expect(queries.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(queries.query(insert, [2, 'nul \u0000'])).rejects.toMatchObject({ code: '22021' });
    expect((await queries.query('select count(*)::int as n from items where id > $1', [0])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('never runs a query inside another caller’s open transaction: it waits for the commit', async () => {
    const other = openTransaction('in the transaction', (tx) =>
      tx.query('update items set title = $1 where id = $2', ['committed', 1]),
    );
    await other.open;
    let answered = false;
    const outside = queries
      .query<{ title: string }>('select title from items where id = $1', [1])
      .then((result) => {
        answered = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    other.release();
    await other.done;
    expect((await outside).rows).toEqual([{ title: 'committed' }]);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      queries.transaction(async (tx) => {
        await tx.query('insert into items (id, title) values ($1, $2)', [1, 'one']);
        await tx.query('insert into items (id, title) values ($1, $2)', [1, 'twice']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await queries.query('select count(*)::int as n from items where id > $1', [0])).rows).toEqual([
      { n: 0 },
    ]);
    expect(client.isInTransaction()).toBe(false);
  });

  it('lets work inside runAhead in before work that was waiting, never into a running transaction', async () => {
    const other = openTransaction('first');
    await other.open;
    const finished: string[] = [];
    const waiting = ['a', 'b'].map((tag) =>
      queries.query('select count(*)::int as n from items where id > $1', [0]).then((result) => {
        finished.push(tag);
        return result.rows;
      }),
    );
    const first = runAhead(() =>
      queries.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          'select count(*)::int as n from items where id > $1',
          [0],
        );
        finished.push('ahead');
        return rows;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toEqual([]);
    other.release();
    await other.done;
    // It waited for the running transaction (it sees its row), then went before the two that queued earlier.
    expect(await first).toEqual([{ n: 1 }]);
    await Promise.all(waiting);
    expect(finished).toEqual(['ahead', 'a', 'b']);
  });

  it('lets Node read its sockets between queued queries (a queue is not one chain of promise callbacks)', async () => {
    let done = 0;
    const all = Array.from({ length: 300 }, (_, index) =>
      queries.query('select $1::int as n', [index]).then(() => (done += 1)),
    );
    // What an incoming request or a timer would get: a turn of the event loop while the queue is still long.
    const doneAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(all);
    expect(done).toBe(300);
    expect(doneAtFirstTurn).toBeLessThan(300);
  });
});
