import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { storeQueryOptions } from './get-store.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** DELETE /api/brands/{brandId}/store: the connection and its mirrored catalog go. */
export const disconnectStore = async (brandId: string): Promise<void> => {
  await apiRequest('DELETE', `/api/brands/${brandId}/store`);
};

export const useDisconnectStore = (brandId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectStore(brandId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: storeQueryOptions(brandId).queryKey });
      // The brand list shows the connection too (its shopifyConnected flag).
      await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
    },
  });
};
