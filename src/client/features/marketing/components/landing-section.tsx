import type { ReactNode } from 'react';

/** The landing page's column: every section's content sits in it. */
export const container = 'mx-auto max-w-6xl px-4 sm:px-6';

/**
 * One titled section of the landing page: its h2 names it (aria-labelledby), inside the page's column. A section
 * with an `id` is a link target (#features, #about ...), so it keeps clear of the sticky header when scrolled to;
 * `shaded` sections alternate with white ones; `narrow` ones hold running text.
 */
export function LandingSection({
  id,
  headingId,
  heading,
  lead,
  shaded = false,
  narrow = false,
  children,
}: {
  id?: string;
  headingId: string;
  heading: ReactNode;
  /** A sentence under the heading that says what the section is for. */
  lead?: ReactNode;
  shaded?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${id ? 'scroll-mt-20 ' : ''}${shaded ? 'bg-slate-50 ' : ''}py-16 md:py-20`}
    >
      <div className={narrow ? `${container} max-w-3xl` : container}>
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
          {heading}
        </h2>
        {lead && <p className="mt-3 max-w-2xl text-slate-600">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
