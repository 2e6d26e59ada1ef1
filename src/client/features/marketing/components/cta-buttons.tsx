import type { MouseEvent } from 'react';

/** How a landing section opens the demo dialog, and loads it ahead when the button is hovered or focused. */
export interface DemoHandlers {
  onScheduleDemo: (event: MouseEvent<HTMLButtonElement>) => void;
  onPrepareDemo?: () => void;
}

const tones = {
  /** On the pale hero: a filled brand button beside an outlined white one. */
  light: {
    primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
    secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  },
  /** On the brand-coloured closing band: the same pair inverted. */
  dark: {
    primary: 'bg-white text-brand-800 hover:bg-brand-50',
    secondary: 'border border-white text-white hover:bg-brand-800',
  },
} as const;

const buttonBase = 'inline-flex min-h-11 items-center rounded-md px-6 py-3 text-base font-semibold';

/**
 * The landing page's pair of calls to action, as the hero and the closing section both show it: Start Free Trial
 * is a link (to the section's own `primaryCta.href`), Schedule Demo a button that opens the demo dialog.
 */
export function CtaButtons({
  calls,
  tone,
  className,
  onScheduleDemo,
  onPrepareDemo,
}: DemoHandlers & {
  /** The section's copy from config/marketing.ts: where Start Free Trial goes, and both labels. */
  calls: { primaryCta: { label: string; href: string }; secondaryCta: { label: string } };
  tone: keyof typeof tones;
  className?: string;
}) {
  return (
    <div className={className ? `mt-8 flex flex-wrap gap-3 ${className}` : 'mt-8 flex flex-wrap gap-3'}>
      <a href={calls.primaryCta.href} className={`${buttonBase} ${tones[tone].primary}`}>
        {calls.primaryCta.label}
      </a>
      <button
        type="button"
        onClick={onScheduleDemo}
        onPointerEnter={onPrepareDemo}
        onFocus={onPrepareDemo}
        className={`${buttonBase} ${tones[tone].secondary}`}
      >
        {calls.secondaryCta.label}
      </button>
    </div>
  );
}
