import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { webhookDeliveriesQueryOptions } from './list-webhook-deliveries.ts';

/** POST …/webhooks/{endpointId}/test: a `webhook.test` event to this endpoint alone. */
export const sendWebhookTestEvent = async (
  workspaceId: string,
  endpointId: string,
): Promise<{ deliveryId: string; eventId: string }> =>
  (await apiRequest('POST', `/api/workspaces/${workspaceId}/webhooks/${endpointId}/test`)).json() as Promise<{
    deliveryId: string;
    eventId: string;
  }>;

export function useSendWebhookTestEvent(workspaceId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWebhookTestEvent(workspaceId, endpointId),
    onSuccess: () => toastSuccess('Test event sent', 'It shows in the delivery log with its outcome.'),
    onError: (error) => toastFailure(error, 'Failed to send the test event.'),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: webhookDeliveriesQueryOptions(workspaceId, endpointId).queryKey,
      }),
  });
}
