import { Camera, ShoppingBag, Store, Zap } from 'lucide-react';
import type { OverviewCounts, OverviewTrends } from '#contracts/analytics.ts';
import type { Brand } from '#contracts/dashboard.ts';
import { StatsCard } from '#client/components/ui/stats-card.tsx';
import { useOverviewTrends } from '../api/get-overview-trends.ts';

/**
 * A count's change against 30 days before, as the stats card shows it: none while there is no history that far
 * back (a new workspace) or when the count is unchanged.
 */
export function trendOf(
  trends: OverviewTrends | undefined,
  key: keyof OverviewCounts,
): { change: string; trend: 'up' | 'down' } | Record<string, never> {
  if (!trends?.previous) return {};
  const difference = trends.current[key] - trends.previous[key];
  if (difference === 0) return {};
  return {
    change: `${difference > 0 ? '+' : '−'}${Math.abs(difference)} vs 30 days ago`,
    trend: difference > 0 ? 'up' : 'down',
  };
}

/** Overview: the four stat cards, computed from the user's brands, each with its change over 30 days. */
export function BrandStats({ brands }: { brands: Brand[] }) {
  const { data: trends } = useOverviewTrends();
  const count = (predicate: (brand: Brand) => boolean) => brands.filter(predicate).length;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatsCard
        title="Total Brands"
        value={brands.length}
        icon={<Store className="h-5 w-5" />}
        {...trendOf(trends, 'totalBrands')}
      />
      <StatsCard
        title="Active Brands"
        value={count((b) => b.active)}
        icon={<Zap className="h-5 w-5" />}
        {...trendOf(trends, 'activeBrands')}
      />
      <StatsCard
        title="Instagram Connected"
        value={count((b) => b.instagramConnected)}
        icon={<Camera className="h-5 w-5" />}
        {...trendOf(trends, 'instagramConnected')}
      />
      <StatsCard
        title="Shopify Connected"
        value={count((b) => b.shopifyConnected)}
        icon={<ShoppingBag className="h-5 w-5" />}
        {...trendOf(trends, 'shopifyConnected')}
      />
    </div>
  );
}
