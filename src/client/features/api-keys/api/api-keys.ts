import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyItem, CreateApiKeyInput, CreatedApiKey } from '#contracts/api-keys.ts';
import { openApiPath, type OpenApiDocument } from '#contracts/openapi.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';

const keysKey = (workspaceId: string) => ['/api/workspaces', workspaceId, 'api-keys'] as const;

/** GET /api/workspaces/{workspaceId}/api-keys: the workspace's keys, never the keys themselves. */
export function useApiKeys(workspaceId: string | undefined, enabled: boolean) {
  return useQuery<ApiKeyItem[]>({
    queryKey: keysKey(workspaceId ?? ''),
    enabled: enabled && Boolean(workspaceId),
  });
}

/** POST /api/workspaces/{workspaceId}/api-keys: the answer carries the key, the only time it is shown. */
export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) =>
      (
        await apiRequest('POST', `/api/workspaces/${workspaceId}/api-keys`, input)
      ).json() as Promise<CreatedApiKey>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(workspaceId) }),
    onError: (error) => toastFailure(error, 'Failed to create the API key. Please try again.'),
  });
}

/** DELETE /api/workspaces/{workspaceId}/api-keys/{keyId}: requests with the key answer 401 from then on. */
export function useRevokeApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: ApiKeyItem) => {
      await apiRequest('DELETE', `/api/workspaces/${workspaceId}/api-keys/${key.id}`);
      return key;
    },
    onSuccess: (key) => {
      queryClient.setQueryData<ApiKeyItem[]>(keysKey(workspaceId), (keys) =>
        keys?.filter((item) => item.id !== key.id),
      );
      toastSuccess('API key revoked', `${key.name} no longer works.`);
    },
    onError: (error) => toastFailure(error, 'Failed to revoke the API key. Please try again.'),
  });
}

/** GET /api/openapi.json, for the API reference page. */
export function useOpenApiDocument() {
  return useQuery<OpenApiDocument>({ queryKey: [openApiPath], staleTime: Infinity });
}
