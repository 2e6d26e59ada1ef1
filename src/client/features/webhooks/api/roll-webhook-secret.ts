import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';

/** POST …/webhooks/{endpointId}/roll-secret: a new signing secret at once, shown this once. */
export const rollWebhookSecret = async (
  workspaceId: string,
  endpointId: string,
): Promise<{ secret: string }> =>
  (
    await apiRequest('POST', `/api/workspaces/${workspaceId}/webhooks/${endpointId}/roll-secret`)
  ).json() as Promise<{ secret: string }>;

export function useRollWebhookSecret(workspaceId: string, endpointId: string) {
  return useMutation({
    mutationFn: () => rollWebhookSecret(workspaceId, endpointId),
    onError: (error) => toastFailure(error, 'Failed to roll the secret.'),
  });
}
