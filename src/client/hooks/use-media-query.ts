import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept current as the window resizes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `md` breakpoint: at and above it the dashboard shows its sidebar beside the page. */
export const MD_AND_UP = '(min-width: 768px)';
