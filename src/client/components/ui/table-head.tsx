import type { ReactNode } from 'react';

/**
 * The header row of the dashboard's plain tables (revenue, billing, the sample cart, Performance's tables, a chart's
 * table view, the webhook delivery log, the accounts awaiting review): one column header per label, in order.
 * `cellClassName` is the headers' padding, the same as the table's cells; `rowClassName` the row's border and text.
 * A label may be markup (a column named only for screen readers).
 */
export function TableHead({
  columns,
  cellClassName = 'py-2',
  rowClassName = 'border-b border-slate-200 text-slate-600',
}: {
  columns: readonly ReactNode[];
  cellClassName?: string;
  rowClassName?: string;
}) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          // The columns are a fixed list: their places are their keys.
          <th key={index} scope="col" className={cellClassName}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
