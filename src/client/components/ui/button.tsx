import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export type ButtonVariant = 'default' | 'outline' | 'destructive' | 'ghost';

const variantClasses: Record<ButtonVariant, string> = {
  default: 'bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

export function Button({
  className,
  variant = 'default',
  asChild = false,
  type,
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; asChild?: boolean }) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      // A plain button never submits a form by accident.
      {...(asChild ? {} : { type: type ?? 'button' })}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}
