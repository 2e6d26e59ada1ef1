import type { MouseEvent } from 'react';
import { cn } from '#client/lib/cn.ts';

/** What a section with the Schedule Demo button is given: the dialog's opener, and its warm-up on hover or focus. */
export interface DemoActions {
  onScheduleDemo: (event: MouseEvent<HTMLButtonElement>) => void;
  onPrepareDemo?: () => void;
}

const looks = {
  /** On a white or pale background (the hero). */
  light: {
    primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
    secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  },
  /** On the brand colour (the closing section). */
  brand: {
    primary: 'bg-white text-brand-800 hover:bg-brand-50',
    secondary: 'border border-white text-white hover:bg-brand-800',
  },
} as const;

const shape = 'inline-flex min-h-11 items-center rounded-md px-6 py-3 text-base font-semibold';

/** The landing page's pair of calls to action: Start Free Trial (a link) and Schedule Demo (opens the dialog). */
export function TrialAndDemo({
  cta,
  look,
  className,
  onScheduleDemo,
  onPrepareDemo,
}: DemoActions & {
  cta: { primaryCta: { label: string; href: string }; secondaryCta: { label: string } };
  look: keyof typeof looks;
  className?: string;
}) {
  return (
    <div className={cn('mt-8 flex flex-wrap gap-3', className)}>
      <a href={cta.primaryCta.href} className={cn(shape, looks[look].primary)}>
        {cta.primaryCta.label}
      </a>
      <button
        type="button"
        onClick={onScheduleDemo}
        onPointerEnter={onPrepareDemo}
        onFocus={onPrepareDemo}
        className={cn(shape, looks[look].secondary)}
      >
        {cta.secondaryCta.label}
      </button>
    </div>
  );
}
