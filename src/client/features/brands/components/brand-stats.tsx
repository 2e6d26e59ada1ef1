import { Camera, ShoppingBag, Store, Zap } from 'lucide-react';
import type { Brand } from '#contracts/dashboard.ts';
import { StatsCard } from '#client/components/ui/stats-card.tsx';

/** Overview: the four stat cards, computed from the user's brands. */
export function BrandStats({ brands }: { brands: Brand[] }) {
  const count = (predicate: (brand: Brand) => boolean) => brands.filter(predicate).length;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatsCard title="Total Brands" value={brands.length} icon={<Store className="h-5 w-5" />} />
      <StatsCard title="Active Brands" value={count((b) => b.active)} icon={<Zap className="h-5 w-5" />} />
      <StatsCard
        title="Instagram Connected"
        value={count((b) => b.instagramConnected)}
        icon={<Camera className="h-5 w-5" />}
      />
      <StatsCard
        title="Shopify Connected"
        value={count((b) => b.shopifyConnected)}
        icon={<ShoppingBag className="h-5 w-5" />}
      />
    </div>
  );
}
