/** Every route and server navigation of the app, in one place: the web client's links and the server's (notifications, redirects). */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  dataDeletion: '/data-deletion',
  signup: '/signup',
  login: '/login',
  /** "Forgot password?": asks for the address to mail a reset link to. */
  forgotPassword: '/forgot-password',
  /** Where the emailed link leads; the token is in the fragment (`#token=…`). */
  resetPassword: '/reset-password',
  /** Where an invitation email's link leads; the token is in the fragment (`#token=…`). */
  invite: '/invite',
  /** Where a sample-store checkout link leads (public). */
  sampleCart: '/cart/sample',
  /** The admin team's review page (admins only). */
  admin: '/admin',
  /** Browser navigations, not fetches. */
  apiLogin: '/api/login',
  apiLogout: '/api/logout',
  dashboard: {
    overview: '/dashboard',
    conversations: '/dashboard/conversations',
    brands: '/dashboard/brands',
    psychology: '/dashboard/psychology',
    automation: '/dashboard/automation',
    instagram: '/dashboard/instagram',
    shopify: '/dashboard/shopify',
    analytics: '/dashboard/analytics',
    revenue: '/dashboard/revenue',
    settingsProfile: '/dashboard/settings/profile',
    settingsBilling: '/dashboard/settings/billing',
    settingsTeam: '/dashboard/settings/team',
    settingsApi: '/dashboard/settings/api',
    settingsWebhooks: '/dashboard/settings/webhooks',
    /** The API reference, generated from the OpenAPI document. */
    settingsApiReference: '/dashboard/settings/api/reference',
  },
} as const;

/**
 * Every page path the web client's router shows a page for. The server answers these with 200 and
 * any other page path with 404 (the app then shows its not-found page), so crawlers and monitors see a real
 * 404. `src/client/app/router.test.tsx` proves the client's router agrees with this list.
 */
export const routedPagePaths: readonly string[] = [
  '/',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/invite',
  '/admin',
  '/dashboard',
  '/dashboard/conversations',
  '/dashboard/brands',
  '/dashboard/psychology',
  '/dashboard/automation',
  '/dashboard/instagram',
  '/dashboard/shopify',
  '/dashboard/revenue',
  '/dashboard/analytics',
  '/dashboard/settings/profile',
  '/dashboard/settings/billing',
  '/dashboard/settings/team',
  '/dashboard/settings/webhooks',
  '/dashboard/settings/api',
  '/dashboard/settings/api/reference',
  '/cart/sample',
];

const routed = new Set(routedPagePaths);

/** True for a routed page path, ignoring one or more trailing slashes (`/privacy/`). */
export function isRoutedPagePath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return routed.has(normalized);
}
