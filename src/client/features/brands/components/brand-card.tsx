import { ToggleLeft, ToggleRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Brand } from '#contracts/dashboard.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#contracts/paths.ts';
import { useUpdateBrand } from '../api/brand-mutations.ts';
import { BrandSettingsDialog } from './brand-dialogs.tsx';

/** The connected store as a person knows it: the sample store is not Shopify. */
const storeLabel = (brand: Brand) =>
  brand.storePlatform === 'sample'
    ? 'Sample store'
    : brand.storePlatform === 'woocommerce'
      ? 'WooCommerce'
      : 'Shopify';

/** The demo's sample Instagram account (nothing leaves the machine) is not shown as a real account. */
const instagramLabel = (brand: Brand) => (brand.instagramSample ? 'Sample Instagram account' : 'Instagram');

function Integration({ name, isConnected }: { name: string; isConnected: boolean }) {
  return (
    <li className="flex items-center justify-between text-sm">
      <span className="text-slate-700">{name}</span>
      <span className={isConnected ? 'font-medium text-green-800' : 'text-slate-600'}>
        {isConnected ? 'Ready' : 'Awaiting credentials'}
      </span>
    </li>
  );
}

/** Brands: one card of the grid; the toggle pauses and resumes, Configure opens the settings. */
export function BrandCard({ brand }: { brand: Brand }) {
  const Toggle = brand.active ? ToggleRight : ToggleLeft;
  const [isConfiguring, setIsConfiguring] = useState(false);
  const update = useUpdateBrand();
  return (
    <article
      aria-labelledby={`brand-${brand.id}`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id={`brand-${brand.id}`} className="text-lg font-semibold text-slate-900">
            {brand.name}
          </h2>
          <p className="text-sm text-slate-600">@{brand.username}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={brand.active}
          aria-label={`${brand.name} active`}
          onClick={() => update.mutate({ brandId: brand.id, input: { active: !brand.active } })}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Toggle
            aria-hidden="true"
            className={brand.active ? 'h-7 w-7 text-green-700' : 'h-7 w-7 text-slate-500'}
          />
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge tone={brand.instagramConnected ? 'success' : 'neutral'}>
          {brand.instagramConnected
            ? `Instagram Connected${brand.instagramSample ? ' · Sample account' : ''}`
            : 'Instagram Not Connected'}
        </Badge>
        <Badge tone={brand.shopifyConnected ? 'success' : 'neutral'}>
          {brand.shopifyConnected ? `${storeLabel(brand)} Connected` : 'Store Not Connected'}
        </Badge>
        {brand.active ? <Badge tone="success">✅ Active</Badge> : <Badge tone="warning">Paused</Badge>}
      </div>
      <ul className="flex flex-col gap-1 rounded-md bg-slate-50 p-3">
        <Integration
          name={brand.instagramConnected ? instagramLabel(brand) : 'Instagram'}
          isConnected={brand.instagramConnected}
        />
        <Integration
          name={brand.shopifyConnected ? storeLabel(brand) : 'Store'}
          isConnected={brand.shopifyConnected}
        />
      </ul>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setIsConfiguring(true)}
          aria-label={`Configure ${brand.name}`}
        >
          Configure
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link
            href={`${paths.dashboard.conversations}?${new URLSearchParams({ brand: brand.id })}`}
            aria-label={`Conversations of ${brand.name}`}
          >
            Conversations
          </Link>
        </Button>
      </div>
      <BrandSettingsDialog brand={brand} open={isConfiguring} onOpenChange={setIsConfiguring} />
    </article>
  );
}
