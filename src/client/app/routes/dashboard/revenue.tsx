import { RevenueScreen } from '#client/features/revenue/components/revenue-screen.tsx';
import { PageHeader, WithBrands } from './with-brands.tsx';

/**
 * Revenue: orders attributed to conversations. Loaded as its own chunk (dashboard-routes.tsx), so its chart
 * library stays out of the dashboard's shared chunk and the public pages (decision 026).
 */
export default function RevenueRoute() {
  return (
    <>
      <PageHeader title="Revenue" subtitle="Orders paid through checkout links sent in your conversations" />
      <WithBrands>{(brands) => <RevenueScreen brands={brands} />}</WithBrands>
    </>
  );
}
