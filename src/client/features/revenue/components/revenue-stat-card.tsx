import { DollarSign } from 'lucide-react';
import { StatsCard } from '#client/components/ui/stats-card.tsx';
import { formatMoney } from '#client/lib/money.ts';
import { useRevenue } from '../api/get-revenue.ts';
import { dayString } from '../utils/format.ts';

/**
 * The Overview's "Revenue (30 days)": attributed revenue of the last 30 days per currency, with the change
 * against the 30 days before (of the first currency when a user's stores differ).
 */
export function RevenueStatCard() {
  const current = useRevenue({ from: dayString(29), to: dayString(0) });
  const previous = useRevenue({ from: dayString(59), to: dayString(30) });
  const totals = current.data?.totals.filter((t) => t.orders > 0 || Number(t.revenue) !== 0) ?? [];
  const value = current.isPending
    ? '…'
    : current.isError
      ? 'Unavailable'
      : totals.length === 0
        ? formatMoney('0', current.data.totals[0]?.currency ?? 'USD')
        : totals.map((t) => formatMoney(t.revenue, t.currency)).join(' · ');
  const first = totals[0];
  const before = first ? previous.data?.totals.find((t) => t.currency === first.currency) : undefined;
  let change: string | undefined;
  let trend: 'up' | 'down' = 'up';
  if (first && before && Number(before.revenue) > 0) {
    const ratio = (Number(first.revenue) - Number(before.revenue)) / Number(before.revenue);
    trend = ratio < 0 ? 'down' : 'up';
    change = `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(0)}% vs previous 30 days`;
  } else if (first && previous.isSuccess) {
    change = 'New vs previous 30 days';
  }
  return (
    <StatsCard
      title="Revenue (30 days)"
      value={value}
      icon={<DollarSign className="h-5 w-5" />}
      {...(change ? { change, trend } : {})}
    />
  );
}
