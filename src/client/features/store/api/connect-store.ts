import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectStoreInput, StoreConnection } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { storeQueryOptions } from './get-store.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** PUT /api/brands/{brandId}/store: the server tests the store before saving (a 400 says what failed). */
export const connectStore = async (brandId: string, input: ConnectStoreInput): Promise<StoreConnection> =>
  (await apiRequest('PUT', `/api/brands/${brandId}/store`, input)).json() as Promise<StoreConnection>;

export const useConnectStore = (brandId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectStoreInput) => connectStore(brandId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: storeQueryOptions(brandId).queryKey });
      // The brand list shows the connection too (its shopifyConnected flag).
      await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
    },
  });
};
