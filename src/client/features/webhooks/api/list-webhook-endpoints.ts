import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '#contracts/webhooks.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { workspaceKeys } from '#client/lib/query-keys.ts';

/** GET /api/workspaces/{workspaceId}/webhooks: the workspace's endpoints (never their secrets). */
export const listWebhookEndpoints = async (workspaceId: string): Promise<WebhookEndpoint[]> =>
  (await apiRequest('GET', `/api/workspaces/${workspaceId}/webhooks`)).json() as Promise<WebhookEndpoint[]>;

export const webhookEndpointsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: workspaceKeys.webhookEndpoints(workspaceId),
    queryFn: () => listWebhookEndpoints(workspaceId),
  });

export const useWebhookEndpoints = (workspaceId: string) =>
  useQuery(webhookEndpointsQueryOptions(workspaceId));
