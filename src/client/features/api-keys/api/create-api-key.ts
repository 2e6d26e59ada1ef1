import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput, CreatedApiKey } from '#contracts/api-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';
import { apiKeysQueryOptions } from './get-api-keys.ts';

/** POST /api/workspaces/{workspaceId}/api-keys: the answer carries the key, the only time it is shown. */
export const createApiKey = async (workspaceId: string, input: CreateApiKeyInput): Promise<CreatedApiKey> =>
  (
    await apiRequest('POST', `/api/workspaces/${workspaceId}/api-keys`, input)
  ).json() as Promise<CreatedApiKey>;

export function useCreateApiKey(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => createApiKey(workspaceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(workspaceId).queryKey }),
    onError: (error) => toastFailure(error, 'Failed to create the API key. Please try again.'),
  });
}
