import { useSyncExternalStore } from 'react';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a CSS media query matches now, kept current as the window resizes. `whenUnknown` answers where the
 * browser cannot tell (no `matchMedia`: pre-rendering, jsdom); the dashboard uses its wide layout there.
 */
export function useMediaQuery(query: string, whenUnknown: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (canMatch() ? window.matchMedia(query).matches : whenUnknown),
    () => whenUnknown,
  );
}

/** Tailwind's `md` breakpoint: at and above it the dashboard shows its sidebar beside the page. */
export const MD_AND_UP = '(min-width: 768px)';
/** Tailwind's `lg` breakpoint: at and above it the inbox shows the list and the thread side by side. */
export const LG_AND_UP = '(min-width: 1024px)';
