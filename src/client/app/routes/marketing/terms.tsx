import { lazy } from 'react';
import { publicPages } from '#client/config/pages.ts';
import { LegalRoute } from './legal-route.tsx';

const TermsOfServicePage = lazy(() =>
  import('#client/features/marketing/components/legal-pages.tsx').then((module) => ({
    default: module.TermsOfServicePage,
  })),
);

/** Legal pages: Terms of Service. */
export function TermsRoute() {
  return (
    <LegalRoute meta={publicPages.terms}>
      <TermsOfServicePage />
    </LegalRoute>
  );
}
