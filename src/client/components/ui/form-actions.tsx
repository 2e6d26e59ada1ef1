import { cn } from '#client/lib/cn.ts';
import { Button, type ButtonProps } from './button.tsx';

/**
 * A form's closing row: Cancel, then the submit button, disabled and reading `pendingLabel` while the request
 * runs (so a second press cannot send it twice).
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  size,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="outline" size={size} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size={size} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
