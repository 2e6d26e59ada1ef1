import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from '#contracts/zod.ts';
import {
  actionLimits,
  createBrandInputSchema,
  updateBrandInputSchema,
  type CreateBrandInput,
  type UpdateBrandInput,
} from '#contracts/dashboard-actions.ts';
import type { Brand } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormActions } from '#client/components/ui/form-actions.tsx';
import { ConfirmDialog, Modal } from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { paths } from '#contracts/paths.ts';
import { fieldMessage } from '#client/lib/field-message.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useCreateBrand, useDeleteBrand, useUpdateBrand } from '../api/brand-mutations.ts';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

/** A brand's name and Instagram username, as both brand forms ask for them. */
function BrandFields({
  name,
  username,
  errors,
  autoFocus,
}: {
  name: UseFormRegisterReturn;
  username: UseFormRegisterReturn;
  errors: Partial<Record<'name' | 'username', { message?: string | undefined }>>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField label="Brand Name" error={fieldMessage('Brand Name', errors.name?.message)}>
        <Input maxLength={actionLimits.brandNameMax + 1} autoFocus={autoFocus} autoComplete="off" {...name} />
      </FormField>
      <FormField
        label="Instagram Username"
        description={usernameHint}
        error={fieldMessage('Instagram Username', errors.username?.message)}
      >
        <UsernameInput maxLength={actionLimits.usernameMax + 1} autoComplete="off" {...username} />
      </FormField>
    </>
  );
}

/** An input with the @ in front of it; the props (id, aria-*) go to the input itself. */
function UsernameInput(props: ComponentProps<'input'>) {
  return (
    <div className="flex items-center gap-1">
      <span aria-hidden="true" className="text-sm text-slate-600">
        @
      </span>
      <Input {...props} />
    </div>
  );
}

type CreateBrand = z.output<typeof createBrandInputSchema>;
type UpdateBrand = z.output<typeof updateBrandInputSchema>;

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

/** A button that opens "Add New Brand" (the Brands and Overview headers, the Overview's empty state). */
export function CreateBrandButton({ children }: { children: ReactNode }) {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <Button onClick={() => setIsCreating(true)}>{children}</Button>
      <CreateBrandDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}

function CreateBrandForm({ onDone }: { onDone: () => void }) {
  const mutation = useCreateBrand();
  const form = useForm<CreateBrandInput, unknown, CreateBrand>({
    resolver: zodResolver(createBrandInputSchema),
    defaultValues: { name: '', username: '' },
  });
  const handleSubmit = form.handleSubmit((input) => mutation.mutate(input, { onSuccess: onDone }));
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <BrandFields
        name={form.register('name')}
        username={form.register('username')}
        errors={form.formState.errors}
        autoFocus
      />
      {/* A refusal (the username another brand has) stays in the dialog being typed in; a toast behind the
          modal is neither seen for long nor read out. */}
      {mutation.isError && (
        <ErrorBox>
          {getServerMessage(mutation.error) ?? 'Failed to create the brand. Please try again.'}
        </ErrorBox>
      )}
      <FormActions
        onCancel={onDone}
        pending={mutation.isPending}
        submitLabel="Create Brand"
        pendingLabel="Creating..."
      />
    </form>
  );
}

const deleteConsequence =
  'Its conversations, comments, personality, rules and connections are deleted too. This cannot be undone.';

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
  const [isDeleting, setIsDeleting] = useState(false);
  const update = useUpdateBrand();
  const remove = useDeleteBrand();
  const form = useForm<UpdateBrandInput, unknown, UpdateBrand>({
    resolver: zodResolver(updateBrandInputSchema),
    defaultValues: { name: brand.name, username: brand.username, active: brand.active },
  });
  const confirmId = useId();

  const handleSubmit = form.handleSubmit((input) =>
    update.mutate({ brandId: brand.id, input }, { onSuccess: onDone }),
  );

  return (
    <div className="flex flex-col gap-6">
      <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <BrandFields
          name={form.register('name')}
          username={form.register('username')}
          errors={form.formState.errors}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('active')} />
          Active (Voicecart AI answers for this brand)
        </label>
        <nav aria-label="Connections" className="flex flex-wrap gap-3 text-sm">
          <Link href={paths.dashboard.instagram} className="font-medium text-brand-700 underline">
            Instagram connection
          </Link>
          <Link href={paths.dashboard.shopify} className="font-medium text-brand-700 underline">
            Store connection
          </Link>
        </nav>
        <FormActions
          onCancel={onDone}
          pending={update.isPending}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
        />
      </form>
      <section aria-labelledby={`${confirmId}-heading`} className="rounded-md border border-red-200 p-4">
        <h3 id={`${confirmId}-heading`} className="text-sm font-semibold text-red-800">
          Delete this brand
        </h3>
        <p className="mt-1 text-sm text-slate-700">{deleteConsequence}</p>
        <Button variant="destructive" className="mt-3" onClick={() => setIsDeleting(true)}>
          Delete Brand
        </Button>
        <ConfirmDialog
          open={isDeleting}
          onOpenChange={setIsDeleting}
          title={`Delete ${brand.name}?`}
          description={deleteConsequence}
          typed={{
            label: (
              <>
                Type <strong>{brand.name}</strong> to confirm
              </>
            ),
            matches: (typed) => typed === brand.name,
          }}
          cancelLabel="Keep Brand"
          confirmLabel="Delete Brand Permanently"
          isPending={remove.isPending}
          onConfirm={() => remove.mutate({ brandId: brand.id, name: brand.name }, { onSuccess: onDone })}
        />
      </section>
    </div>
  );
}
