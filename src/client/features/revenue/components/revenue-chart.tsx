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
import { datesFrom } from '#contracts/calendar.ts';
import type { RevenueReport } from '#contracts/revenue.ts';
import { ChartWithTable } from '#client/components/ui/chart-with-table.tsx';
import { formatMoney } from '#client/lib/money.ts';

/**
 * The daily chart of revenue (bars) and orders (line) in one currency, with its table view (`ChartWithTable`).
 * This file is the only one that imports recharts; it is loaded with the Revenue screen's own chunk.
 */
export function RevenueChart({
  days,
  currency,
}: {
  days: { date: string; revenue: string; orders: number }[];
  currency: string;
}) {
  const data = days.map((day) => ({
    date: day.date.slice(5),
    revenue: Number(day.revenue),
    orders: day.orders,
  }));
  return (
    <ChartWithTable
      title={`Revenue and orders by day (${currency})`}
      chartTestId="revenue-chart"
      chartClassName="h-72"
      caption={`Attributed revenue and orders by day in ${currency}`}
      columns={['Day', 'Revenue', 'Orders']}
      rows={days.map((day) => ({
        key: day.date,
        cells: [day.date, formatMoney(day.revenue, currency), day.orders],
      }))}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          >
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
      }
    />
  );
}
/** The report's days for one currency, every day of the range present (zeros where nothing sold). */
export function daysOf(report: RevenueReport, currency: string, from: string, to: string) {
  const byDate = new Map(report.daily.filter((d) => d.currency === currency).map((d) => [d.date, d]));
  return datesFrom(from, to).map((date) => {
    const day = byDate.get(date);
    return day ? { date, revenue: day.revenue, orders: day.orders } : { date, revenue: '0', orders: 0 };
  });
}
