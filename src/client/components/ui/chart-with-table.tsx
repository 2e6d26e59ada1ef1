import { useId, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { TableHead } from './table-head.tsx';

/**
 * A daily chart with its table view (decision 026): the table is the chart's text alternative, one button away,
 * and the chart itself is hidden from screen readers, so nothing in it may take focus (a recharts chart passed in
 * needs `accessibilityLayer={false}`, or its surface is a tab stop). The table stays in the page
 * (visually hidden) while the chart shows. The chart is passed in, so the chart library stays in its screen's chunk.
 */
export function ChartWithTable({
  title,
  chart,
  chartTestId,
  chartClassName = 'h-64',
  caption,
  columns,
  rows,
}: {
  title: ReactNode;
  chart: ReactNode;
  chartTestId?: string;
  chartClassName?: string;
  caption: string;
  columns: readonly string[];
  /** One row per day: its key and its cells, in the order of `columns`. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  const headingId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={view === 'table'}
          onClick={() => setView(view === 'chart' ? 'table' : 'chart')}
        >
          {view === 'chart' ? 'Show as table' : 'Show as chart'}
        </Button>
      </div>
      {view === 'chart' ? (
        <div aria-hidden="true" className={`${chartClassName} w-full`} data-testid={chartTestId}>
          {chart}
        </div>
      ) : null}
      <table className={view === 'chart' ? 'sr-only' : 'w-full text-left text-sm'}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100">
              {row.cells.map((cell, index) => (
                <td key={columns[index]} className="py-2 text-slate-900">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
