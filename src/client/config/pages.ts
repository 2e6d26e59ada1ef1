/**
 * Title and meta description of each public page, used by the pages themselves (client-side
 * navigation) and by the build, which pre-renders them into `dist/client/prerendered/<file>`.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export interface PublicPage extends PageMeta {
  path: string;
  /** File under dist/client/prerendered/ the server answers this path with (src/server/plugins/spa.ts). */
  file: string;
}

export const publicPages = {
  home: {
    path: '/',
    file: 'index.html',
    title: "Voicecart: turn Instagram DMs into checkouts, in your brand's voice",
    description:
      'Voicecart AI answers Instagram DMs and comments in your brand voice, checks live Shopify or WooCommerce stock in under 5 seconds and sends buyers to your checkout.',
  },
  privacy: {
    path: '/privacy',
    file: 'privacy.html',
    title: 'Privacy Policy | Voicecart',
    description:
      'What Voicecart collects when it answers Instagram messages for your brand, how long it is kept (messages 30 days, comments 7 days) and how to have it deleted.',
  },
  terms: {
    path: '/terms',
    file: 'terms.html',
    title: 'Terms of Service | Voicecart',
    description:
      'The terms for using Voicecart: plans and prices, billing, refunds, the 99.5% uptime target, acceptable use, AI-generated replies and support hours.',
  },
  dataDeletion: {
    path: '/data-deletion',
    file: 'data-deletion.html',
    title: 'Data Deletion | Voicecart',
    description:
      'Three ways to have your Voicecart data deleted: email a request, revoke access in Instagram settings (removed within 48 hours) or automatic deletion after 30 days of inactivity.',
  },
} as const satisfies Record<string, PublicPage>;

export const notFoundMeta: PageMeta = {
  title: 'Page Not Found | Voicecart',
  description: 'This page does not exist on Voicecart.',
};
