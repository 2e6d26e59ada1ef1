import { useState } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * The image shows only once it has loaded; until then (and when it fails or is missing) the initials.
 * The initials are decorative next to a visible name, so the avatar itself is hidden from screen readers.
 */
export function Avatar({
  src,
  initials,
  className,
}: {
  src?: string | null;
  initials: string;
  className?: string;
}) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const isLoaded = Boolean(src) && loadedSrc === src;
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className={cn(
        'relative inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-xs font-semibold text-brand-800',
        className,
      )}
    >
      {!isLoaded && <span data-testid="avatar-initials">{initials}</span>}
      {src && (
        <img
          src={src}
          alt=""
          onLoad={() => setLoadedSrc(src)}
          className={cn('absolute inset-0 h-full w-full object-cover', isLoaded ? 'block' : 'invisible')}
        />
      )}
    </span>
  );
}
