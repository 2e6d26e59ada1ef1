import { useId, useState } from 'react';
import type { WebhookEndpoint } from '#contracts/webhooks.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useRollWebhookSecret } from '../api/roll-webhook-secret.ts';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { SecretNotice } from './secret-notice.tsx';

/** One endpoint: its address and events, what it can do, and its delivery log on request. */
export function EndpointCard({
  workspaceId,
  endpoint,
  secret,
  onSecretDismissed,
}: {
  workspaceId: string;
  endpoint: WebhookEndpoint;
  /** The secret just created for it, shown once. */
  secret?: string | undefined;
  onSecretDismissed: () => void;
}) {
  const id = useId();
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [rolledSecret, setRolledSecret] = useState<string | null>(null);
  const update = useUpdateWebhookEndpoint(workspaceId, endpoint.id);
  const remove = useDeleteWebhookEndpoint(workspaceId, endpoint.id);
  const roll = useRollWebhookSecret(workspaceId, endpoint.id);
  const test = useSendWebhookTestEvent(workspaceId, endpoint.id);
  const shownSecret = rolledSecret ?? secret;

  return (
    <li
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby={`${id}-url`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-url`} className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">
          {endpoint.url}
        </h3>
        <Badge tone={endpoint.enabled ? 'success' : 'warning'}>
          {endpoint.enabled ? 'On' : 'Turned off'}
        </Badge>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-medium">Events: </span>
        {endpoint.events.join(', ')}
      </p>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <p className="text-sm text-amber-900">{endpoint.disabledReason}</p>
      ) : null}
      {endpoint.enabled && endpoint.failingSince ? (
        <p className="text-sm text-amber-900">
          Deliveries have failed since {new Date(endpoint.failingSince).toLocaleString()}; after 5 days of
          failures the endpoint is turned off.
        </p>
      ) : null}
      {shownSecret ? (
        <SecretNotice
          secret={shownSecret}
          onDismiss={() => {
            setRolledSecret(null);
            onSecretDismissed();
          }}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => test.mutate()} disabled={!endpoint.enabled || test.isPending}>
          Send test event
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={showLog}
          aria-controls={`${id}-log`}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={roll.isPending}
          onClick={() => roll.mutate(undefined, { onSuccess: ({ secret: next }) => setRolledSecret(next) })}
        >
          Roll secret
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      {showLog ? (
        <section id={`${id}-log`} aria-label={`Deliveries to ${endpoint.url}`}>
          <DeliveryLog workspaceId={workspaceId} endpointId={endpoint.id} />
        </section>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this endpoint?"
        description={`${endpoint.url} stops receiving events, and its delivery log is deleted.`}
        confirmLabel="Delete endpoint"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
      />
    </li>
  );
}
