import { Check, Copy, KeyRound, Plus } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  apiKeyLimits,
  apiKeyRoles,
  createApiKeyInputSchema,
  type ApiKeyItem,
  type ApiKeyRole,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '#contracts/api-keys.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormActions } from '#client/components/ui/form-actions.tsx';
import { ConfirmDialog, Modal } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { fieldMessage } from '#client/lib/field-message.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

const roleLabels: Record<ApiKeyRole, string> = {
  admin: 'Admin: everything an admin may do, except keys and the team',
  agent: 'Agent: read brands, answer in the inbox, use the playground',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');

/** The API settings: the workspace's keys, creating one (shown once) and revoking with confirmation. */
export function ApiKeysPanel({ workspaceId, workspaceName }: { workspaceId: string; workspaceName: string }) {
  const keys = useApiKeys(workspaceId);
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const revoke = useRevokeApiKey(workspaceId);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Keys for {workspaceName}
        </h2>
        <Button onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Create API Key
        </Button>
      </div>
      <CreateApiKeyDialog workspaceId={workspaceId} open={isCreating} onOpenChange={setIsCreating} />
      <QueryView query={keys} loading="Loading your API keys..." failed="Could not load your API keys">
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">No API keys yet</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200" aria-label="API keys">
              {list.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <KeyRound aria-hidden="true" className="h-4 w-4 text-slate-600" />
                      <span className="font-medium break-all text-slate-900">{key.name}</span>
                      <Badge tone={key.role === 'admin' ? 'brand' : 'neutral'}>
                        {key.role === 'admin' ? 'Admin' : 'Agent'}
                      </Badge>
                    </div>
                    <p className="text-sm text-slate-600">
                      <code className="font-mono">{key.prefix}…</code> · Created {formatWhen(key.createdAt)} ·
                      Last used {formatWhen(key.lastUsedAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRevoking(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        description="Everything that uses this key stops working at once: its requests answer 401. This cannot be undone."
        confirmLabel="Revoke Key"
        isPending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
        }}
      />
    </section>
  );
}

function CreateApiKeyDialog({
  workspaceId,
  open,
  onOpenChange,
}: {
  workspaceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    // The key leaves memory with the dialog: it is never shown again.
    if (!next) setCreated(null);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={created ? 'Copy your API key' : 'Create API Key'}
      description={
        created
          ? undefined
          : 'The key acts in this workspace with the role you choose. Send it as Authorization: Bearer <key>.'
      }
    >
      {open &&
        (created ? (
          <CreatedKey created={created} onDone={() => close(false)} />
        ) : (
          <CreateApiKeyForm workspaceId={workspaceId} onCreated={setCreated} onCancel={() => close(false)} />
        ))}
    </Modal>
  );
}

function CreateApiKeyForm({
  workspaceId,
  onCreated,
  onCancel,
}: {
  workspaceId: string;
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const mutation = useCreateApiKey(workspaceId);
  const form = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeyInputSchema),
    defaultValues: { name: '', role: 'agent' },
  });
  const nameError = form.formState.errors.name?.message;
  const handleSubmit = form.handleSubmit((values) => mutation.mutate(values, { onSuccess: onCreated }));
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <FormField
        label="Key Name"
        description='Where the key is used, e.g. "Zapier" or "Warehouse sync".'
        error={fieldMessage('Key Name', nameError)}
      >
        <Input maxLength={apiKeyLimits.nameMax + 1} autoComplete="off" autoFocus {...form.register('name')} />
      </FormField>
      <FormField label="Role">
        <Select
          className="h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          options={apiKeyRoles.map((value) => ({ value, label: roleLabels[value] }))}
          {...form.register('role')}
        />
      </FormField>
      <FormActions
        onCancel={onCancel}
        pending={mutation.isPending}
        submitLabel="Create Key"
        pendingLabel="Creating..."
        className="flex-wrap"
      />
    </form>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const keyId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      setCopyFailed(false);
    } catch {
      // Clipboard refused (permissions, an insecure origin): the field is selectable by hand.
      setCopyFailed(true);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        Copy this key now: it is shown only once and cannot be seen again. Anyone with it can call the API as{' '}
        {created.name}.
      </p>
      <div className="flex flex-col gap-1">
        <Label htmlFor={keyId}>API key for {created.name}</Label>
        <div className="flex gap-2">
          <Input
            id={keyId}
            readOnly
            value={created.key}
            className="min-w-0 font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? (
              <Check aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Copy aria-hidden="true" className="h-4 w-4" />
            )}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="text-xs text-slate-600">
          {copied
            ? 'The key is on your clipboard.'
            : copyFailed
              ? 'Copying failed: select the key and copy it.'
              : ''}
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
