import { useSearch } from 'wouter';
import type { Brand } from '#contracts/dashboard.ts';
import { useChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { StorePanel } from '#client/features/store/components/store-panel.tsx';
import { BrandScreen, PageHeader, WithSomeBrands } from './with-brands.tsx';

function BrandStore({ brands }: { brands: Brand[] }) {
  const params = new URLSearchParams(useSearch());
  const asked = params.get('brand');
  const [brandId, setBrandId] = useChosenBrand(brands, asked);
  return (
    <BrandScreen
      brands={brands}
      brandId={brandId}
      onBrandChange={setBrandId}
      notice={
        params.get('install') === 'unavailable' && (
          <p
            role="alert"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Install with Shopify is not set up on this server: it needs a Shopify app, which the server&apos;s
            administrator adds. Meanwhile, connect with an Admin API access token from your store (below), or
            try the sample store.
          </p>
        )
      }
    >
      {brandId && <StorePanel key={brandId} brandId={brandId} />}
    </BrandScreen>
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
      <WithSomeBrands>{(brands) => <BrandStore brands={brands} />}</WithSomeBrands>
    </>
  );
}
