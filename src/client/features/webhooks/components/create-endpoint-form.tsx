import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  createWebhookEndpointInputSchema,
  webhookEventTypes,
  type CreateWebhookEndpointInput,
  type WebhookEndpointWithSecret,
} from '#contracts/webhooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormField, FormFieldset } from '#client/components/ui/form-field.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { eventLabels } from './event-labels.ts';

/** "Add endpoint": an address and the events it receives; the new secret goes to `onCreated` to be shown once. */
export function CreateEndpointForm({
  workspaceId,
  onCreated,
}: {
  workspaceId: string;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhookEndpoint(workspaceId);
  const id = useId();
  const form = useForm<CreateWebhookEndpointInput>({
    resolver: zodResolver(createWebhookEndpointInputSchema),
    defaultValues: { url: '', events: [...webhookEventTypes] },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const endpoint = await create.mutateAsync(values);
      form.reset({ url: '', events: [...webhookEventTypes] });
      onCreated(endpoint);
    } catch {
      // Shown below from create.error.
    }
  });

  const serverMessage = create.isError
    ? (getServerMessage(create.error) ?? 'Failed to add the endpoint.')
    : null;

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Add endpoint
      </h2>
      <FormField
        label="Endpoint URL"
        description="An https address on the public internet."
        error={errors.url?.message}
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/voicecart"
          {...form.register('url')}
        />
      </FormField>
      <FormFieldset
        legend="Events"
        legendClassName="text-slate-900"
        className="space-y-2"
        error={errors.events ? (errors.events.message ?? 'Choose at least one event') : undefined}
      >
        {webhookEventTypes.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              value={type}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
              {...form.register('events')}
            />
            <span>
              <code className="font-mono text-xs">{type}</code>
              <span className="block text-slate-600">{eventLabels[type]}</span>
            </span>
          </label>
        ))}
      </FormFieldset>
      {serverMessage ? (
        <p role="alert" className="text-sm text-red-700">
          {serverMessage}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting || create.isPending}>
        Add endpoint
      </Button>
    </form>
  );
}
