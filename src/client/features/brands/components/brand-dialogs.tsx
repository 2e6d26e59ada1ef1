import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  actionLimits,
  createBrandInputSchema,
  updateBrandInputSchema,
} from '#contracts/dashboard-actions.ts';
import type { Brand } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { paths } from '#client/config/paths.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useCreateBrand, useDeleteBrand, useUpdateBrand } from '../api/brand-mutations.ts';

type FieldErrors = Partial<Record<'name' | 'username', string>>;

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'username') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  autoFocus,
  prefix,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  maxLength: number;
  autoFocus?: boolean;
  prefix?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-1">
        {prefix && (
          <span aria-hidden="true" className="text-sm text-slate-600">
            {prefix}
          </span>
        )}
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          maxLength={maxLength + 1}
          autoFocus={autoFocus}
          autoComplete="off"
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {label} {error}
        </p>
      )}
    </div>
  );
}

const usernameHint = `Letters, digits, . and _ only, at most ${actionLimits.usernameMax} characters.`;

/** "Add New Brand", "Connect New Brand" and "Connect Your First Brand". */
export function CreateBrandDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Brand"
      description="Name the brand and give its Instagram username; you connect Instagram and the store next."
    >
      {/* Mounted only while open, so every opening starts empty. */}
      {open && <CreateBrandForm onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function CreateBrandForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useCreateBrand();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createBrandInputSchema.safeParse({ name, username });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, { onSuccess: onDone });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Brand Name"
        value={name}
        onChange={setName}
        error={errors.name}
        maxLength={actionLimits.brandNameMax}
        autoFocus
      />
      <TextField
        label="Instagram Username"
        value={username}
        onChange={setUsername}
        error={errors.username}
        hint={usernameHint}
        maxLength={actionLimits.usernameMax}
        prefix="@"
      />
      {/* A refusal (the username another brand has) stays in the dialog being typed in; a toast behind the
          modal is neither seen for long nor read out. */}
      {mutation.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {getServerMessage(mutation.error) ?? 'Failed to create the brand. Please try again.'}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating...' : 'Create Brand'}
        </Button>
      </div>
    </form>
  );
}

/** "Configure" on a brand card: name, username, active, the connection screens, and delete. */
export function BrandSettingsDialog({
  brand,
  open,
  onOpenChange,
}: {
  brand: Brand;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Configure ${brand.name}`}
      description="Brand settings"
    >
      {open && <BrandSettingsForm brand={brand} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function BrandSettingsForm({ brand, onDone }: { brand: Brand; onDone: () => void }) {
  const [name, setName] = useState(brand.name);
  const [username, setUsername] = useState(brand.username);
  const [active, setActive] = useState(brand.active);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isDeleting, setIsDeleting] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const update = useUpdateBrand();
  const remove = useDeleteBrand();
  const activeId = useId();
  const confirmId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateBrandInputSchema.safeParse({ name, username, active });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate({ brandId: brand.id, input: parsed.data }, { onSuccess: onDone });
  };

  return (
    <div className="flex flex-col gap-6">
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Brand Name"
          value={name}
          onChange={setName}
          error={errors.name}
          maxLength={actionLimits.brandNameMax}
        />
        <TextField
          label="Instagram Username"
          value={username}
          onChange={setUsername}
          error={errors.username}
          hint={usernameHint}
          maxLength={actionLimits.usernameMax}
          prefix="@"
        />
        <div className="flex items-center gap-2">
          <input
            id={activeId}
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          <Label htmlFor={activeId}>Active (Voicecart AI answers for this brand)</Label>
        </div>
        <nav aria-label="Connections" className="flex flex-wrap gap-3 text-sm">
          <Link href={paths.dashboard.instagram} className="font-medium text-brand-700 underline">
            Instagram connection
          </Link>
          <Link href={paths.dashboard.shopify} className="font-medium text-brand-700 underline">
            Store connection
          </Link>
        </nav>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <section aria-labelledby={`${confirmId}-heading`} className="rounded-md border border-red-200 p-4">
        <h3 id={`${confirmId}-heading`} className="text-sm font-semibold text-red-800">
          Delete this brand
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Its conversations, comments, personality, rules and connections are deleted too. This cannot be
          undone.
        </p>
        {isDeleting ? (
          <form
            className="mt-3 flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (confirmation !== brand.name) return;
              remove.mutate({ brandId: brand.id, name: brand.name }, { onSuccess: onDone });
            }}
          >
            <Label htmlFor={confirmId}>
              Type <strong>{brand.name}</strong> to confirm
            </Label>
            <Input
              id={confirmId}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              autoComplete="off"
              autoFocus
            />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setIsDeleting(false)}>
                Keep Brand
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={confirmation !== brand.name || remove.isPending}
              >
                Delete Brand Permanently
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="destructive" className="mt-3" onClick={() => setIsDeleting(true)}>
            Delete Brand
          </Button>
        )}
      </section>
    </div>
  );
}
