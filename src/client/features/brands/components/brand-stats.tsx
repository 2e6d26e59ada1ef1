import { Camera, ShoppingBag, Store, Zap, type LucideIcon } from 'lucide-react';
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

/** The Overview's cards, in order: each counts the brands it names and has its change from the trends. */
const cards: {
  title: string;
  key: keyof OverviewCounts;
  icon: LucideIcon;
  counts: (brand: Brand) => boolean;
}[] = [
  { title: 'Total Brands', key: 'totalBrands', icon: Store, counts: () => true },
  { title: 'Active Brands', key: 'activeBrands', icon: Zap, counts: (brand) => brand.active },
  {
    title: 'Instagram Connected',
    key: 'instagramConnected',
    icon: Camera,
    counts: (brand) => brand.instagramConnected,
  },
  {
    title: 'Shopify Connected',
    key: 'shopifyConnected',
    icon: ShoppingBag,
    counts: (brand) => brand.shopifyConnected,
  },
];

/** Overview: the four stat cards, computed from the user's brands, each with its change over 30 days. */
export function BrandStats({ brands }: { brands: Brand[] }) {
  const { data: trends } = useOverviewTrends();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ title, key, icon: Icon, counts }) => (
        <StatsCard
          key={key}
          title={title}
          value={brands.filter(counts).length}
          icon={<Icon className="h-5 w-5" />}
          {...trendOf(trends, key)}
        />
      ))}
    </div>
  );
}
