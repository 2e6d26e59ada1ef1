import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { datesFrom, utcDayOf } from '#contracts/calendar.ts';
import type { DayUsage } from '#contracts/usage.ts';
import { ChartWithTable } from '#client/components/ui/chart-with-table.tsx';

/**
 * DMs and comments answered per day, with its table view (decision 026): the table is the chart's text
 * alternative, one button away; the chart itself is hidden from screen readers. Loaded with the Billing screen's
 * own chunk.
 */
export function UsageChart({ days }: { days: DayUsage[] }) {
  const data = days.map((day) => ({ ...day, label: day.day.slice(5) }));
  return (
    <ChartWithTable
      title="Answered by day"
      chartTestId="usage-chart"
      caption="DMs and comments answered by day this month"
      columns={['Day', 'DMs', 'Comments']}
      rows={days.map((day) => ({ key: day.day, cells: [day.day, day.dms, day.comments] }))}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the table is its alternative), so nothing in it takes focus. */}
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="dms" name="DMs" stackId="answered" fill="#4f46e5" />
            <Bar dataKey="comments" name="Comments" stackId="answered" fill="#0f766e" />
          </BarChart>
        </ResponsiveContainer>
      }
    />
  );
}
/** Every day from the month's first to today (zeros where nothing was answered). */
export function monthDays(month: string, days: DayUsage[], today = new Date()): DayUsage[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const todayDate = utcDayOf(today);
  const out = datesFrom(month, todayDate > month ? todayDate : month).map(
    (day) => byDay.get(day) ?? { day, dms: 0, comments: 0 },
  );
  // Days of a brand whose time zone is ahead of UTC may reach past today: kept.
  for (const day of days) if (!out.some((kept) => kept.day === day.day)) out.push(day);
  return out;
}
