import { lazy } from 'react';
import { publicPages } from '#client/config/pages.ts';
import { LegalRoute } from './legal-route.tsx';

const PrivacyPolicyPage = lazy(() =>
  import('#client/features/marketing/components/legal-pages.tsx').then((module) => ({
    default: module.PrivacyPolicyPage,
  })),
);

/** Legal pages: Privacy Policy. */
export function PrivacyRoute() {
  return (
    <LegalRoute meta={publicPages.privacy}>
      <PrivacyPolicyPage />
    </LegalRoute>
  );
}
