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
import { Label } from '#client/components/ui/label.tsx';
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
      <div className="space-y-1">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/voicecart"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          {...form.register('url')}
        />
        {errors.url ? (
          <p id={`${id}-url-error`} className="text-sm text-red-700">
            {errors.url.message}
          </p>
        ) : (
          <p id={`${id}-url-hint`} className="text-sm text-slate-600">
            An https address on the public internet.
          </p>
        )}
      </div>
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium text-slate-900">Events</legend>
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
        {errors.events ? (
          <p id={`${id}-events-error`} className="text-sm text-red-700">
            {errors.events.message ?? 'Choose at least one event'}
          </p>
        ) : null}
      </fieldset>
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
