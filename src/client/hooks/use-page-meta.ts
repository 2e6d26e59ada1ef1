import { useEffect } from 'react';
import type { PageMeta } from '#client/config/pages.ts';

/**
 * Keeps the document title and meta description in step with the page on client-side navigation.
 * Pre-rendered pages already carry both in their HTML (scripts/prerender.mjs).
 */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
