import { planName } from '#contracts/usage.ts';
import { useUsageSummary } from '../api/usage.ts';

const count = new Intl.NumberFormat('en-US');

/** The sidebar footer: the plan and the messages answered this month in the current workspace. */
export function UsageFooter() {
  const summary = useUsageSummary();
  return (
    <>
      <p className="font-semibold text-slate-900">{summary.data?.plan ?? planName}</p>
      <p className="text-slate-600" data-testid="usage-count">
        {summary.data ? count.format(summary.data.answered) : '…'} / ∞ messages
      </p>
    </>
  );
}
