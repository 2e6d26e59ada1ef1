import type { ReactNode } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { BrandSelect } from '#client/components/brand-select.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { useBrands } from '#client/features/brands/api/get-brands.ts';

/** Every screen starts from the user's brands: one loading state and one error state with retry. */
export function WithBrands({ children }: { children: (brands: Brand[]) => ReactNode }) {
  const query = useBrands();
  return (
    <QueryView query={query} loading="Loading your brands..." failed="Could not load your brands">
      {children}
    </QueryView>
  );
}

export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}

/** A screen that needs a brand, for a user who has none yet. */
export function NoBrands() {
  return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No brands yet</p>;
}

/**
 * A screen with nothing to show without a brand (the inbox, rules, personality, store, performance): `NoBrands`
 * until the user has one.
 */
export function WithSomeBrands({ children }: { children: (brands: Brand[]) => ReactNode }) {
  return <WithBrands>{(brands) => (brands.length === 0 ? <NoBrands /> : children(brands))}</WithBrands>;
}

/**
 * A screen about one brand at a time (rules, personality, store): the brand picker on top, then what the screen
 * shows for the chosen brand. `notice` stands above the picker.
 */
export function BrandScreen({
  brands,
  brandId,
  onBrandChange,
  notice,
  children,
}: {
  brands: Brand[];
  brandId: string | undefined;
  onBrandChange: (brandId: string) => void;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {notice}
      <div className="max-w-xs">
        <BrandSelect brands={brands} value={brandId} onChange={onBrandChange} />
      </div>
      {children}
    </div>
  );
}
