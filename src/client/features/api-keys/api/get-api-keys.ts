import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyItem } from '#contracts/api-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { workspaceKeys } from '#client/lib/query-keys.ts';

/** GET /api/workspaces/{workspaceId}/api-keys: the workspace's keys, never the keys themselves. */
export const getApiKeys = async (workspaceId: string): Promise<ApiKeyItem[]> =>
  (await apiRequest('GET', `/api/workspaces/${workspaceId}/api-keys`)).json() as Promise<ApiKeyItem[]>;

export const apiKeysQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: workspaceKeys.apiKeys(workspaceId),
    queryFn: () => getApiKeys(workspaceId),
  });

export const useApiKeys = (workspaceId: string) => useQuery(apiKeysQueryOptions(workspaceId));
