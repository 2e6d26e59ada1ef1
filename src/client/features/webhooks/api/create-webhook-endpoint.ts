import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointInput, WebhookEndpointWithSecret } from '#contracts/webhooks.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { webhookEndpointsQueryOptions } from './list-webhook-endpoints.ts';

/** POST /api/workspaces/{workspaceId}/webhooks: the answer carries the signing secret, shown this once. */
export const createWebhookEndpoint = async (
  workspaceId: string,
  input: CreateWebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> =>
  (
    await apiRequest('POST', `/api/workspaces/${workspaceId}/webhooks`, input)
  ).json() as Promise<WebhookEndpointWithSecret>;

export function useCreateWebhookEndpoint(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => createWebhookEndpoint(workspaceId, input),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(workspaceId).queryKey }),
  });
}
