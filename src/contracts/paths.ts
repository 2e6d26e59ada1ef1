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
