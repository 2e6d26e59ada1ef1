import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrationsFolder } from '#server/db/migrate.ts';
import { readBreakdowns } from './queries.ts';
import { rebuildAnalytics, rollUpChanges } from './rollup.ts';

const migrations = readdirSync(migrationsFolder)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort();
const apply = (database: DatabaseHandle, file: string) =>
  database.executeSql(
    readFileSync(path.join(migrationsFolder, file), 'utf8').replaceAll('--> statement-breakpoint', ''),
  );

const BRAND = '00000000-0000-4000-8000-000000000002';
const FIRST = '00000000-0000-4000-8000-000000000010';
const SECOND = '00000000-0000-4000-8000-000000000011';
const VARIANT = '00000000-0000-4000-8000-000000000020';

/**
 * Migration 0024 (decision 055) on a database whose changes were recorded before it, without a sender: the messages
 * are counted once (by the migration's recount, not again by the job), and the sold-out rows get their previous day.
 */
describe('migration 0024: message deltas and sold-out first asks', () => {
  let database: DatabaseHandle;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    for (const file of migrations.filter((name) => name < '0024_')) await apply(database, file);
    await database.executeSql(`
      insert into users (id, email) values ('00000000-0000-4000-8000-000000000001', 'owner@example.com');
      insert into brands (id, user_id, name, username, time_zone)
        values ('${BRAND}', '00000000-0000-4000-8000-000000000001', 'Brand', 'brand', 'UTC');
      insert into conversations (id, brand_id, customer_username, customer_instagram_id, created_at) values
        ('${FIRST}', '${BRAND}', 'ann', 'ig-ann', '2026-03-01T10:00:00Z'),
        ('${SECOND}', '${BRAND}', 'bob', 'ig-bob', '2026-03-30T10:00:00Z');
      insert into messages (conversation_id, brand_id, sender, content, created_at) values
        ('${FIRST}', '${BRAND}', 'customer', 'hi', '2026-03-01T10:00:00Z'),
        ('${FIRST}', '${BRAND}', 'ai', 'hello', '2026-03-01T10:00:02Z'),
        ('${FIRST}', '${BRAND}', 'customer', 'again', '2026-04-02T09:00:00Z'),
        ('${SECOND}', '${BRAND}', 'customer', 'hi', '2026-03-30T10:00:00Z'),
        ('${SECOND}', '${BRAND}', 'agent', 'yes', '2026-03-30T10:01:00Z');
      insert into assistant_traces (brand_id, conversation_id, event_key, outcome, intent, variant_id, variant_title,
        stock_available, provider, total_ms, trace, created_at) values
        ('${BRAND}', '${FIRST}', 'm:1', 'replied', 'availability', '${VARIANT}', 'Red', false, 'embedded', 5, '{}', '2026-03-01T10:00:01Z'),
        ('${BRAND}', '${FIRST}', 'm:2', 'replied', 'availability', '${VARIANT}', 'Red', false, 'embedded', 5, '{}', '2026-04-02T09:00:01Z'),
        ('${BRAND}', '${SECOND}', 'm:3', 'replied', 'availability', '${VARIANT}', 'Red', false, 'embedded', 5, '{}', '2026-03-30T10:00:01Z');
    `);
    // The roll-up as the job before this migration left it for the rows' days (no sender on the records).
    await database.executeSql(`
      insert into analytics_sold_out_daily
        (brand_id, day, variant_id, buyer, product_title, variant_title, asks, last_asked_at) values
        ('${BRAND}', '2026-03-01', '${VARIANT}', '${FIRST}', '', 'Red', 1, '2026-03-01T10:00:01Z'),
        ('${BRAND}', '2026-04-02', '${VARIANT}', '${FIRST}', '', 'Red', 1, '2026-04-02T09:00:01Z'),
        ('${BRAND}', '2026-03-30', '${VARIANT}', '${SECOND}', '', 'Red', 1, '2026-03-30T10:00:01Z');
    `);
    await apply(
      database,
      migrations.find((name) => name.startsWith('0024_'))!,
    );
  });
  afterAll(() => database.close());

  it('counts the messages recorded before it once, and gives each sold-out row its previous day', async () => {
    expect(
      await rows(
        sql`select day::text as day, prev_day::text as prev_day from analytics_sold_out_daily order by day`,
      ),
    ).toEqual([
      { day: '2026-03-01', prev_day: null },
      { day: '2026-03-30', prev_day: null },
      { day: '2026-04-02', prev_day: '2026-03-01' },
    ]);
    await rollUpChanges(database.db);
    const daily = async () =>
      rows(sql`select day::text as day, conversations, inbound, ai_replies, human_replies
        from analytics_daily order by day`);
    const counted = [
      { day: '2026-03-01', conversations: 1, inbound: 1, ai_replies: 1, human_replies: 0 },
      { day: '2026-03-30', conversations: 1, inbound: 1, ai_replies: 0, human_replies: 1 },
      { day: '2026-04-02', conversations: 0, inbound: 1, ai_replies: 0, human_replies: 0 },
    ];
    expect(await daily()).toEqual(counted);
    // March and April: two buyers, the first asking in both months, counted once.
    const demand = await readBreakdowns(database.db, [BRAND], '2026-03-01', '2026-04-30');
    expect(demand.soldOutDemand.map((row) => [row.variantId, row.buyers, row.asks])).toEqual([
      [VARIANT, 2, 3],
    ]);
    const april = await readBreakdowns(database.db, [BRAND], '2026-04-01', '2026-04-30');
    expect(april.soldOutDemand.map((row) => [row.buyers, row.asks])).toEqual([[1, 1]]);

    // A new message after it is added once by the job, and a rebuild agrees.
    await database.executeSql(`insert into messages (conversation_id, brand_id, sender, content, created_at)
      values ('${SECOND}', '${BRAND}', 'customer', 'more', '2026-04-02T12:00:00Z')`);
    await rollUpChanges(database.db);
    counted[2]!.inbound = 2;
    expect(await daily()).toEqual(counted);
    await rebuildAnalytics(database.db);
    expect(await daily()).toEqual(counted);
  });
});
