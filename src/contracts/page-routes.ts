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
