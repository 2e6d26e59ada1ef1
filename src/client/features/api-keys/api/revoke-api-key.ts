import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyItem } from '#contracts/api-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** DELETE /api/workspaces/{workspaceId}/api-keys/{keyId}: requests with the key answer 401 from then on. */
export const revokeApiKey = async (workspaceId: string, keyId: string): Promise<void> => {
  await apiRequest('DELETE', `/api/workspaces/${workspaceId}/api-keys/${keyId}`);
};

export function useRevokeApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  const queryKey = apiKeysQueryOptions(workspaceId).queryKey;
  return useMutation({
    mutationFn: async (key: ApiKeyItem) => {
      await revokeApiKey(workspaceId, key.id);
      return key;
    },
    onSuccess: (key) => {
      queryClient.setQueryData(queryKey, (keys) => keys?.filter((item) => item.id !== key.id));
      toastSuccess('API key revoked', `${key.name} no longer works.`);
    },
    onError: (error) => toastFailure(error, 'Failed to revoke the API key. Please try again.'),
  });
}
