import { lazy, Suspense, type ComponentType } from 'react';
import { SkipLink } from '#client/components/layouts/skip-link.tsx';
import type { PageMeta } from '#client/config/pages.ts';
import type * as LegalPages from '#client/features/marketing/components/legal-pages.tsx';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/**
 * One of the three legal routes: the page's title and description, the skip link, and the text `pick` names. The
 * legal texts are their own chunk, so the landing page does not load them; pre-rendered HTML stays on screen while
 * the chunk loads, because hydration waits at this Suspense boundary.
 */
export function legalRoute(meta: PageMeta, pick: (pages: typeof LegalPages) => ComponentType) {
  const Page = lazy(() =>
    import('#client/features/marketing/components/legal-pages.tsx').then((pages) => ({
      default: pick(pages),
    })),
  );
  return function LegalRoute() {
    usePageMeta(meta);
    return (
      <>
        <SkipLink />
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </>
    );
  };
}
