import { lazy, Suspense } from 'react';
import { publicPages } from '#client/config/pages.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { SkipLink } from '#client/components/layouts/skip-link.tsx';

// The legal texts are their own chunk: the landing page does not load them. Pre-rendered HTML stays on
// screen while the chunk loads, because hydration waits at this Suspense boundary.
const PrivacyPolicyPage = lazy(() =>
  import('#client/features/marketing/components/legal-pages.tsx').then((module) => ({
    default: module.PrivacyPolicyPage,
  })),
);

/** Legal pages: Privacy Policy. */
export function PrivacyRoute() {
  usePageMeta(publicPages.privacy);
  return (
    <>
      <SkipLink />
      <Suspense fallback={null}>
        <PrivacyPolicyPage />
      </Suspense>
    </>
  );
}
