import { useMutation } from '@tanstack/react-query';
import type { ConnectStoreInput, StoreConnection } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useRefreshStoreConnection } from './get-store.ts';

/** PUT /api/brands/{brandId}/store: the server tests the store before saving (a 400 says what failed). */
export const connectStore = async (brandId: string, input: ConnectStoreInput): Promise<StoreConnection> =>
  (await apiRequest('PUT', `/api/brands/${brandId}/store`, input)).json() as Promise<StoreConnection>;

export const useConnectStore = (brandId: string) => {
  const refresh = useRefreshStoreConnection(brandId);
  return useMutation({
    mutationFn: (input: ConnectStoreInput) => connectStore(brandId, input),
    onSuccess: refresh,
  });
};
