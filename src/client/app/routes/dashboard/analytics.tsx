import { Performance } from '#client/features/analytics/components/performance.tsx';
import { PageHeader, WithSomeBrands } from './with-brands.tsx';

/**
 * The Performance screen (`/dashboard/analytics`). Loaded as its own chunk (dashboard-routes.tsx), so its chart
 * library reaches only the people who open it (decision 028).
 */
export default function AnalyticsRoute() {
  return (
    <>
      <PageHeader title="Performance" subtitle="What Voicecart AI did, how fast, and what buyers asked for" />
      <WithSomeBrands>{(brands) => <Performance brands={brands} />}</WithSomeBrands>
    </>
  );
}
