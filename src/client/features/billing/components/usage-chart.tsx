import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayUsage } from '#contracts/usage.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * DMs and comments answered per day, with its table view (decision 026): the table is the chart's text
 * alternative, one button away; the chart itself is hidden from screen readers. Loaded with the Billing screen's
 * own chunk.
 */
export function UsageChart({ days }: { days: DayUsage[] }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const data = days.map((day) => ({ ...day, label: day.day.slice(5) }));
  return (
    <section
      aria-labelledby="usage-daily-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="usage-daily-heading" className="text-lg font-semibold text-slate-900">
          Answered by day
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
        <div aria-hidden="true" className="h-64 w-full" data-testid="usage-chart">
          <ResponsiveContainer width="100%" height="100%">
            {/* Hidden from assistive technology (the table is its alternative), so nothing in it takes focus. */}
            <BarChart
              accessibilityLayer={false}
              data={data}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="dms" name="DMs" stackId="answered" fill="#4f46e5" />
              <Bar dataKey="comments" name="Comments" stackId="answered" fill="#0f766e" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      <table className={view === 'chart' ? 'sr-only' : 'w-full text-left text-sm'}>
        <caption className="sr-only">DMs and comments answered by day this month</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2">
              Day
            </th>
            <th scope="col" className="py-2">
              DMs
            </th>
            <th scope="col" className="py-2">
              Comments
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day} className="border-b border-slate-100">
              <td className="py-2 text-slate-900">{day.day}</td>
              <td className="py-2 text-slate-900">{day.dms}</td>
              <td className="py-2 text-slate-900">{day.comments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Every day from the month's first to today (zeros where nothing was answered). */
export function monthDays(month: string, days: DayUsage[], today = new Date()): DayUsage[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const out: DayUsage[] = [];
  const end = Math.max(
    Date.parse(`${month}T00:00:00Z`),
    Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`),
  );
  for (let t = Date.parse(`${month}T00:00:00Z`); t <= end; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? { day, dms: 0, comments: 0 });
  }
  // Days of a brand whose time zone is ahead of UTC may reach past today: kept.
  for (const day of days) if (!out.some((kept) => kept.day === day.day)) out.push(day);
  return out;
}
