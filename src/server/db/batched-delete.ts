import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Rows per DELETE: short enough that no statement holds its locks (or PGlite's one connection) for long. */
export const defaultDeleteBatchSize = 5000;

export interface BatchedDeleteResult {
  deleted: number;
  /** Statements run, the last one the short (or empty) batch that showed nothing was left. */
  statements: number;
}

/**
 * Runs `deleteBatch(limit)`, a single DELETE of at most `limit` rows that answers how many it removed, until a
 * batch comes back short. Each statement is its own transaction, so a large backlog is cleared in many short ones
 * instead of one that locks every row it touches until the end.
 *
 * Shape of a batch on PostgreSQL: `delete from t where id = any(array(select id from t where <old> order by <indexed
 * column> limit n))`. The ORDER BY keeps the inner scan on that column's index whatever the plan (a generic plan of
 * a named statement cannot see the cut-off), and `= any(array(…))` looks the ids up by primary key; `id in (…)` was
 * planned as a hash join over a scan of the whole table.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  batchSize = defaultDeleteBatchSize,
): Promise<BatchedDeleteResult> {
  let deleted = 0;
  let statements = 0;
  for (;;) {
    const removed = await deleteBatch(batchSize);
    deleted += removed;
    statements += 1;
    if (removed < batchSize) return { deleted, statements };
  }
}

/** An age as PostgreSQL's `make_interval` takes it: whole days (calendar days, as the retention settings say), or seconds. */
export type Age = { days: number } | { seconds: number };

const intervalOf = (age: Age): SQL =>
  'days' in age
    ? sql`make_interval(days => ${age.days}::int)`
    : sql`make_interval(secs => ${age.seconds}::int)`;

export interface PruneOlderThanOptions {
  table: string;
  /** The timestamp column the age is read from. */
  column: string;
  olderThan: Age;
  /**
   * The column the batch's rows are looked up by: the primary key (`id` unless said), or `ctid` for a table whose key
   * spans columns (a row updated meanwhile has a new ctid and stays, which is what a fresh row should do).
   */
  key?: string;
  /** Rows that stay whatever their age, as a condition on the table's columns. */
  keep?: SQL;
  /**
   * Oldest first along an index on `column` (default). False for a column with no index of its own: then the scan
   * stops at the first `batchSize` old rows instead of sorting every old row for each batch.
   */
  indexed?: boolean;
  batchSize?: number;
}

/**
 * A table's retention, less its age: which rows are old by which column, which stay, how they are looked up. The
 * module that owns the table says it; the prune job's list (runtime.ts) gives each its age from the configuration.
 */
export type RetentionRule = Omit<PruneOlderThanOptions, 'olderThan' | 'batchSize'>;

/**
 * The housekeeping prune every retention uses (the `prune-old-rows` job's tasks): rows whose `column` is older than
 * `olderThan` go, in batches of the shape `deleteInBatches` explains, except those `keep` names.
 */
export async function pruneOlderThan(
  db: Database,
  { table, column, olderThan, key = 'id', keep, indexed = true, batchSize }: PruneOlderThanOptions,
): Promise<BatchedDeleteResult> {
  const [tableName, columnName, keyName] = [
    sql.identifier(table),
    sql.identifier(column),
    sql.identifier(key),
  ];
  // `is not true`: a row the condition says nothing about (null) is not kept.
  const kept = keep ? sql` and (${keep}) is not true` : sql``;
  const order = indexed ? sql` order by ${columnName}` : sql``;
  return deleteInBatches(async (limit) => {
    const result = (await db.execute(sql`
      with gone as (
        delete from ${tableName} where ${keyName} = any(array(
          select ${keyName} from ${tableName}
          where ${columnName} < now() - ${intervalOf(olderThan)}${kept}${order}
          limit ${limit}::int))
        returning 1)
      select count(*)::int as deleted from gone`)) as unknown as { rows: { deleted: number }[] };
    return Number(result.rows[0]?.deleted ?? 0);
  }, batchSize);
}
