import { useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RevenueReport } from '#contracts/revenue.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatMoney } from '#client/lib/money.ts';

/**
 * The daily chart of revenue (bars) and orders (line) in one currency, with its table view (decision 026): the
 * table is the chart's text alternative, one button away, and the chart itself is hidden from screen readers.
 * This file is the only one that imports recharts; it is loaded with the Revenue screen's own chunk.
 */
export function RevenueChart({
  days,
  currency,
}: {
  days: { date: string; revenue: string; orders: number }[];
  currency: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const data = days.map((day) => ({
    date: day.date.slice(5),
    revenue: Number(day.revenue),
    orders: day.orders,
  }));
  return (
    <section
      aria-labelledby="daily-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="daily-heading" className="text-lg font-semibold text-slate-900">
          Revenue and orders by day ({currency})
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
        <div aria-hidden="true" className="h-72 w-full" data-testid="revenue-chart">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tick={{ fontSize: 12, fill: '#475569' }} />
              <YAxis yAxisId="revenue" tick={{ fontSize: 12, fill: '#475569' }} />
              <YAxis
                yAxisId="orders"
                orientation="right"
                allowDecimals={false}
                tick={{ fontSize: 12, fill: '#475569' }}
              />
              <Tooltip />
              <Legend />
              <Bar yAxisId="revenue" dataKey="revenue" name={`Revenue (${currency})`} fill="#4f46e5" />
              <Line
                yAxisId="orders"
                dataKey="orders"
                name="Orders"
                stroke="#0f766e"
                strokeWidth={2}
                dot={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      <table className={view === 'chart' ? 'sr-only' : 'w-full text-left text-sm'}>
        <caption className="sr-only">Attributed revenue and orders by day in {currency}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2">
              Day
            </th>
            <th scope="col" className="py-2">
              Revenue
            </th>
            <th scope="col" className="py-2">
              Orders
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} className="border-b border-slate-100">
              <td className="py-2 text-slate-900">{day.date}</td>
              <td className="py-2 text-slate-900">{formatMoney(day.revenue, currency)}</td>
              <td className="py-2 text-slate-900">{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The report's days for one currency, every day of the range present (zeros where nothing sold). */
export function daysOf(report: RevenueReport, currency: string, from: string, to: string) {
  const byDate = new Map(report.daily.filter((d) => d.currency === currency).map((d) => [d.date, d]));
  const out: { date: string; revenue: string; orders: number }[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const day = byDate.get(date);
    out.push(day ? { date, revenue: day.revenue, orders: day.orders } : { date, revenue: '0', orders: 0 });
  }
  return out;
}
