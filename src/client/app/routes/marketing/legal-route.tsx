import { Suspense, type ReactNode } from 'react';
import { SkipLink } from '#client/components/layouts/skip-link.tsx';
import type { PageMeta } from '#client/config/pages.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/**
 * What the three legal routes share: the page's title and description, the skip link, and the Suspense boundary
 * their lazily loaded text waits at. The legal texts are their own chunk, so the landing page does not load them;
 * pre-rendered HTML stays on screen while the chunk loads, because hydration waits at this boundary.
 */
export function LegalRoute({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  usePageMeta(meta);
  return (
    <>
      <SkipLink />
      <Suspense fallback={null}>{children}</Suspense>
    </>
  );
}
