/**
 * The header row of the dashboard's plain tables (revenue, billing, the sample cart, Performance's
 * tables and a chart's table view): one
 * column header per label, in order. `cellClassName` is the headers' padding, the same as the table's cells.
 */
export function TableHead({
  columns,
  cellClassName = 'py-2',
}: {
  columns: readonly string[];
  cellClassName?: string;
}) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-600">
        {columns.map((column) => (
          <th key={column} scope="col" className={cellClassName}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
