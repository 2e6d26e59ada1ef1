import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { TableHead } from '#client/components/ui/table-head.tsx';
import type { WebhookDelivery } from '#contracts/webhooks.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';

const statusTone: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'warning',
};
const statusLabel: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** An endpoint's newest deliveries: event, outcome, the receiver's answer, attempts and time. */
export function DeliveryLog({ workspaceId, endpointId }: { workspaceId: string; endpointId: string }) {
  const query = useWebhookDeliveries(workspaceId, endpointId);
  return (
    <QueryView query={query} loading="Loading deliveries…" failed="Could not load the deliveries">
      {(deliveries) =>
        deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">No deliveries yet. Send a test event to try the endpoint.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Deliveries, newest first</caption>
              <TableHead
                columns={['Event', 'Status', 'Response', 'Attempts', 'Time']}
                rowClassName="text-xs text-slate-600 uppercase"
                cellClassName="py-2 pr-3 font-medium last:pr-0"
              />
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} className="border-t border-slate-100 align-top">
                    <td className="py-2 pr-3">
                      <code className="font-mono text-xs">{delivery.eventType}</code>
                    </td>
                    <td className="py-2 pr-3">
                      <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
                    </td>
                    <td className="py-2 pr-3 text-slate-800">
                      {delivery.responseStatus ?? '—'}
                      {delivery.lastError && delivery.status !== 'succeeded' ? (
                        <span className="block text-xs text-slate-600">{delivery.lastError}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-slate-800">{delivery.attempts}</td>
                    <td className="py-2 text-slate-800">
                      <time dateTime={delivery.lastAttemptAt ?? delivery.createdAt}>
                        {formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </QueryView>
  );
}
