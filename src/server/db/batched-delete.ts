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
