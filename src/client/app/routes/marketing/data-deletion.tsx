import { lazy } from 'react';
import { publicPages } from '#client/config/pages.ts';
import { LegalRoute } from './legal-route.tsx';

const DataDeletionPage = lazy(() =>
  import('#client/features/marketing/components/legal-pages.tsx').then((module) => ({
    default: module.DataDeletionPage,
  })),
);

/** Legal pages: Data Deletion. */
export function DataDeletionRoute() {
  return (
    <LegalRoute meta={publicPages.dataDeletion}>
      <DataDeletionPage />
    </LegalRoute>
  );
}
