import { publicPages } from '#client/config/pages.ts';
import { legalRoute } from './legal-route.tsx';

/** Legal pages: Terms of Service. */
export const TermsRoute = legalRoute(publicPages.terms, (pages) => pages.TermsOfServicePage);
