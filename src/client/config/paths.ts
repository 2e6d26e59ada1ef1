/** Every route and server navigation of the app, in one place (spec §2, §6). */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  dataDeletion: '/data-deletion',
  signup: '/signup',
  login: '/login',
  /** The admin team's page (accounts work). */
  admin: '/admin',
  /** Browser navigations, not fetches (spec §7). */
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
  },
} as const;
