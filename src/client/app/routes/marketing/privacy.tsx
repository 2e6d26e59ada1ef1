import { publicPages } from '#client/config/pages.ts';
import { legalRoute } from './legal-route.tsx';

/** Legal pages: Privacy Policy. */
export const PrivacyRoute = legalRoute(publicPages.privacy, (pages) => pages.PrivacyPolicyPage);
