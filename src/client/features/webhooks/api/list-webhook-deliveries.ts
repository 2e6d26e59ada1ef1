import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '#contracts/webhooks.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { workspaceKeys } from '#client/lib/query-keys.ts';

/** GET …/webhooks/{endpointId}/deliveries: the newest 50 deliveries. */
export const listWebhookDeliveries = async (
  workspaceId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> =>
  (
    await apiRequest('GET', `/api/workspaces/${workspaceId}/webhooks/${endpointId}/deliveries?limit=50`)
  ).json() as Promise<WebhookDelivery[]>;

export const webhookDeliveriesQueryOptions = (workspaceId: string, endpointId: string) =>
  queryOptions({
    queryKey: workspaceKeys.webhookDeliveries(workspaceId, endpointId),
    queryFn: () => listWebhookDeliveries(workspaceId, endpointId),
  });

/** While the log is open it follows pending deliveries: every 3 s until none is pending. */
export const useWebhookDeliveries = (workspaceId: string, endpointId: string) =>
  useQuery({
    ...webhookDeliveriesQueryOptions(workspaceId, endpointId),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 3000 : false,
  });
