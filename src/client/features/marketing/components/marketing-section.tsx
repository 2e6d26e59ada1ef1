import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** The landing page's centred column. */
export const container = 'mx-auto max-w-6xl px-4 sm:px-6';

/**
 * A landing page section with its heading: a full-width band (`muted`: the pale one), the centred column
 * (`narrow`: for prose) and the h2 that names the section (`${name}-heading`). `anchor` is the id a link lands on
 * (#features, #about…), kept clear of the sticky header.
 */
export function MarketingSection({
  name,
  heading,
  anchor,
  muted = false,
  narrow = false,
  children,
}: {
  name: string;
  heading: ReactNode;
  anchor?: string;
  muted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  const headingId = `${name}-heading`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      className={cn(anchor && 'scroll-mt-20', muted && 'bg-slate-50', 'py-16 md:py-20')}
    >
      <div className={narrow ? `${container} max-w-3xl` : container}>
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}
