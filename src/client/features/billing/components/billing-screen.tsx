import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { StatsCard } from '#client/components/ui/stats-card.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';
import { legalConstants } from '#client/config/legal.ts';
import { startOfUtcDay } from '#contracts/calendar.ts';
import { useUsage } from '../api/usage.ts';
import { monthDays, UsageChart } from './usage-chart.tsx';

const count = new Intl.NumberFormat('en-US');
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    startOfUtcDay(month),
  );

/** `/dashboard/settings/billing`: the plan and this month's real usage of the current workspace. */
export function BillingScreen() {
  const usage = useUsage();
  if (usage.isLoading) return <LoadingState label="Loading usage..." />;
  if (usage.isError || !usage.data)
    return (
      <ErrorState title="Could not load usage" error={usage.error} onRetry={() => void usage.refetch()} />
    );
  const data = usage.data;
  return (
    <div className="max-w-4xl space-y-6">
      <section
        aria-labelledby="plan-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
          {data.plan}
        </h2>
        <p className="mt-1 text-sm text-slate-700">Unlimited messages. Every feature of Voicecart.</p>
        <p className="mt-3 text-sm text-slate-700">
          Plans are billed by invoice: there is no card payment in the app. To change your plan or ask about
          an invoice, contact us at{' '}
          <a className="font-medium text-brand-700 underline" href={`mailto:${legalConstants.supportEmail}`}>
            {legalConstants.supportEmail}
          </a>
          .
        </p>
      </section>
      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Usage in {monthName(data.month)}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <StatsCard title="Answered" value={count.format(data.dms + data.comments)} />
          <StatsCard title="DMs answered" value={count.format(data.dms)} />
          <StatsCard title="Comments answered" value={count.format(data.comments)} />
        </div>
      </div>
      <UsageChart days={monthDays(data.month, data.days)} />
      <section
        aria-labelledby="brands-usage-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="brands-usage-heading" className="mb-3 text-lg font-semibold text-slate-900">
          By brand
        </h2>
        {data.brands.length === 0 ? (
          <p className="text-sm text-slate-600">No brands in this workspace yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead columns={['Brand', 'DMs', 'Comments']} />
              <tbody>
                {data.brands.map((brand) => (
                  <tr key={brand.brandId} className="border-b border-slate-100">
                    <td className="py-2 break-all text-slate-900">{brand.name}</td>
                    <td className="py-2 text-slate-900">{count.format(brand.dms)}</td>
                    <td className="py-2 text-slate-900">{count.format(brand.comments)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
