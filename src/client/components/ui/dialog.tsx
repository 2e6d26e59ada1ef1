import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Input } from './input.tsx';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** `alertdialog` for confirmations (deleting): screen readers announce it as one. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/** A titled modal dialog (Radix): focus trapped inside, Escape and the close button dismiss it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  role = 'dialog',
  className,
}: ModalProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          role={role}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[95vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-sm p-1 text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

interface TypedConfirmation {
  /** What to type, as the field's label ("Type <name> to confirm"). */
  label: ReactNode;
  /** Whether what is typed names the thing (the button stays disabled until it does). */
  matches: (value: string) => boolean;
  type?: 'text' | 'email';
}

/**
 * A yes/no question before something that cannot be undone, the one confirmation every screen uses. With
 * `typed`, the person first types what is named (a brand's name, their email): the button stays disabled until
 * it matches, and Enter in the field confirms. `error` is a refusal shown inside the dialog, where it is seen.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  isPending,
  typed,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called with what was typed (empty without `typed`). */
  onConfirm: (typedValue: string) => void;
  isPending?: boolean;
  typed?: TypedConfirmation;
  error?: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog">
      {/* Rendered only while open, so every opening starts with an empty field. */}
      <ConfirmForm
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        onConfirm={onConfirm}
        isPending={isPending ?? false}
        typed={typed}
        error={error}
      />
    </Modal>
  );
}

function ConfirmForm({
  confirmLabel,
  cancelLabel,
  onConfirm,
  isPending,
  typed,
  error,
}: {
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: (typedValue: string) => void;
  isPending: boolean;
  typed: TypedConfirmation | undefined;
  error: ReactNode;
}) {
  const [value, setValue] = useState('');
  const inputId = useId();
  const ready = !typed || typed.matches(value);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !isPending) onConfirm(value);
      }}
    >
      {typed && (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {typed.label}
          </label>
          <Input
            id={inputId}
            type={typed.type ?? 'text'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            autoFocus
          />
        </div>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="flex justify-end gap-2">
        <DialogPrimitive.Close asChild>
          <button
            type="button"
            className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {cancelLabel}
          </button>
        </DialogPrimitive.Close>
        <button
          type="submit"
          disabled={!ready || isPending}
          className="inline-flex h-9 items-center rounded-md bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}
