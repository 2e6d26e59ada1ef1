import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

const tones = {
  neutral: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-blue-100 text-blue-900',
  brand: 'bg-brand-100 text-brand-800',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({
  className,
  tone = 'neutral',
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
