import { useId, useState, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';

/**
 * A chart with its text alternative: the same figures as a table, one button away. The chart takes the keyboard
 * (recharts' accessibility layer: Tab to it, arrow keys move between points); the table is what a screen reader
 * reads, and where the drill-down links live.
 */
export function ChartPanel({
  title,
  description,
  chart,
  table,
  actions,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-600">{description}</p>}
        </div>
        <div className="flex gap-2">
          {actions}
          <Button
            variant="outline"
            size="sm"
            aria-pressed={showTable}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Show chart' : 'Show table'}
          </Button>
        </div>
      </div>
      {showTable ? <div className="overflow-x-auto">{table}</div> : chart}
    </section>
  );
}

/** A plain data table with a caption for screen readers. */
export function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={headers} cellClassName="px-2 py-1.5 font-medium" />
      <tbody>
        {rows.map((cells, index) => (
          <tr key={index} className="border-b border-slate-100 last:border-0">
            {cells.map((cell, column) => (
              <td key={column} className="px-2 py-1.5 text-slate-800">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
