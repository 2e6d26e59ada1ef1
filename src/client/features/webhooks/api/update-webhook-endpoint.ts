import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookEndpointInput, WebhookEndpoint } from '#contracts/webhooks.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';
import { webhookEndpointsQueryOptions } from './list-webhook-endpoints.ts';

/** PATCH /api/workspaces/{workspaceId}/webhooks/{endpointId}: turn on or off, change address or events. */
export const updateWebhookEndpoint = async (
  workspaceId: string,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpoint> =>
  (
    await apiRequest('PATCH', `/api/workspaces/${workspaceId}/webhooks/${endpointId}`, input)
  ).json() as Promise<WebhookEndpoint>;

export function useUpdateWebhookEndpoint(workspaceId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWebhookEndpointInput) => updateWebhookEndpoint(workspaceId, endpointId, input),
    onError: (error) => toastFailure(error, 'Failed to update the endpoint.'),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(workspaceId).queryKey }),
  });
}
