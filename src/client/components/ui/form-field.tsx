import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Label } from './label.tsx';

/** The ids a field's parts are linked by, for a control or group that cannot be wrapped by `FormField`. */
export function useFieldIds(error: ReactNode, hasDescription: boolean) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [hasDescription ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, descriptionId, errorId, describedBy, invalid: error ? true : undefined };
}

/** A field's error, announced when it appears. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

/**
 * The one form field: a label, the control (its one child: an input, select, textarea or a custom control that
 * passes its props on), a description and an error. The control is named by the label and described by the
 * description and the error (`aria-describedby`), and marked `aria-invalid` while the error shows, so a screen
 * reader reads why a field was refused where the person is.
 */
export function FormField({
  label,
  description,
  error,
  className,
  labelClassName,
  children,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** `sr-only` where the field's place on screen says what it is (a reply box under its comment). */
  labelClassName?: string;
  children: ReactElement;
}) {
  const field = useFieldIds(error, Boolean(description));
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={field.id} className={labelClassName}>
        {label}
      </Label>
      <Slot id={field.id} aria-invalid={field.invalid} aria-describedby={field.describedBy}>
        {children}
      </Slot>
      {description ? (
        <p id={field.descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <FieldError id={field.errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * A group of controls answering one question (checkboxes, a picker): the legend names the group, and the description
 * and the error describe it, as `FormField` does for one control.
 */
export function FormFieldset({
  legend,
  description,
  error,
  className,
  legendClassName,
  children,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  const field = useFieldIds(error, Boolean(description));
  return (
    <fieldset className={className} aria-describedby={field.describedBy}>
      <legend className={cn('text-sm font-medium text-slate-800', legendClassName)}>{legend}</legend>
      {children}
      {description ? (
        <p id={field.descriptionId} className="w-full text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className="w-full">
        <FieldError id={field.errorId}>{error}</FieldError>
      </div>
    </fieldset>
  );
}
