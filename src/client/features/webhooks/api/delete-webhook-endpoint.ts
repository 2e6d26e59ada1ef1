import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';
import { webhookEndpointsQueryOptions } from './list-webhook-endpoints.ts';

/** DELETE /api/workspaces/{workspaceId}/webhooks/{endpointId}: the endpoint and its delivery log. */
export async function deleteWebhookEndpoint(workspaceId: string, endpointId: string): Promise<void> {
  await apiRequest('DELETE', `/api/workspaces/${workspaceId}/webhooks/${endpointId}`);
}

export function useDeleteWebhookEndpoint(workspaceId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWebhookEndpoint(workspaceId, endpointId),
    onError: (error) => toastFailure(error, 'Failed to delete the endpoint.'),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(workspaceId).queryKey }),
  });
}
