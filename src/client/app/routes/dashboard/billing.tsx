import { BillingScreen } from '#client/features/billing/components/billing-screen.tsx';
import { PageHeader } from './with-brands.tsx';

/** Billing: the plan and this month's usage. Its own chunk: the daily chart's library loads with it (decision 026). */
export default function BillingRoute() {
  return (
    <>
      <PageHeader title="Billing" subtitle="Your plan and what this workspace answered this month" />
      <BillingScreen />
    </>
  );
}
