import { Plus, Store } from 'lucide-react';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { getGreetingName } from '#client/lib/user-display.ts';
import { BrandStats } from '#client/features/brands/components/brand-stats.tsx';
import { BrandsTable } from '#client/features/brands/components/brands-table.tsx';
import { CreateBrandButton } from '#client/features/brands/components/brand-dialogs.tsx';
import { SetupChecklist } from '#client/features/onboarding/components/setup-checklist.tsx';
import { RevenueStatCard } from '#client/features/revenue/components/revenue-stat-card.tsx';
import { PageHeader, WithBrands } from './with-brands.tsx';

/** Overview; 'Connect New Brand' and 'Connect Your First Brand' open the create dialog. */
export function OverviewRoute() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader
        title={`Welcome back, ${getGreetingName(user)}!`}
        subtitle="Here's what's happening with your brands today"
        action={
          <CreateBrandButton>
            <Plus aria-hidden="true" className="h-4 w-4" /> Connect New Brand
          </CreateBrandButton>
        }
      />
      <WithBrands>
        {(brands) => (
          <div className="flex flex-col gap-6">
            <SetupChecklist />
            <BrandStats brands={brands} />
            {brands.length > 0 && (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
                <RevenueStatCard />
              </div>
            )}
            {brands.length === 0 ? (
              <section className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
                <Store aria-hidden="true" className="h-10 w-10 text-slate-400" />
                <h2 className="text-lg font-semibold text-slate-900">No brands connected yet</h2>
                <p className="text-slate-600">
                  Connect your first brand to start automating Instagram DM conversations
                </p>
                <CreateBrandButton>Connect Your First Brand</CreateBrandButton>
              </section>
            ) : (
              <BrandsTable brands={brands} />
            )}
          </div>
        )}
      </WithBrands>
    </>
  );
}
