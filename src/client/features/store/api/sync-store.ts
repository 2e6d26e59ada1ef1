import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreConnection } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { storeQueryOptions } from './get-store.ts';

/** POST /api/brands/{brandId}/store/sync: "Sync now". */
export const syncStore = async (brandId: string): Promise<StoreConnection> =>
  (await apiRequest('POST', `/api/brands/${brandId}/store/sync`)).json() as Promise<StoreConnection>;

export const useSyncStore = (brandId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncStore(brandId),
    onSuccess: (connection) => {
      queryClient.setQueryData(storeQueryOptions(brandId).queryKey, { connection });
    },
  });
};
