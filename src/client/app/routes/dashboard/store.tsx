import { useState } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { BrandSelect } from '#client/components/brand-select.tsx';
import { StorePanel } from '#client/features/store/components/store-panel.tsx';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';

function BrandStore({ brands }: { brands: Brand[] }) {
  const [brandId, setBrandId] = useState(brands[0]?.id);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <BrandSelect brands={brands} value={brandId} onChange={setBrandId} />
      </div>
      {brandId && <StorePanel key={brandId} brandId={brandId} />}
    </div>
  );
}

/** /dashboard/shopify (the sidebar keeps "Shopify"; the page is about any store). */
export function StoreRoute() {
  return (
    <>
      <PageHeader
        title="Store"
        subtitle="Connect Shopify, WooCommerce or the sample store; check what the assistant finds"
      />
      <WithBrands>
        {(brands) => (brands.length === 0 ? <NoBrands /> : <BrandStore brands={brands} />)}
      </WithBrands>
    </>
  );
}
