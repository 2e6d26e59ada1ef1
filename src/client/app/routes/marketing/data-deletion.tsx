import { publicPages } from '#client/config/pages.ts';
import { legalRoute } from './legal-route.tsx';

/** Legal pages: Data Deletion. */
export const DataDeletionRoute = legalRoute(publicPages.dataDeletion, (pages) => pages.DataDeletionPage);
