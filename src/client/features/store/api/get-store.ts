import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreStatus } from '#contracts/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/store: the brand's store connection, or null. */
export const getStore = async (brandId: string): Promise<StoreStatus> =>
  (await apiRequest('GET', `/api/brands/${brandId}/store`)).json() as Promise<StoreStatus>;

export const storeQueryOptions = (brandId: string) =>
  queryOptions({ queryKey: brandKeys.store(brandId), queryFn: () => getStore(brandId) });

/** While a sync runs, the progress is read again every two seconds. */
export const useStore = (brandId: string | undefined) =>
  useQuery({
    ...storeQueryOptions(brandId ?? ''),
    enabled: Boolean(brandId),
    refetchInterval: (query) => (query.state.data?.connection?.sync.state === 'running' ? 2000 : false),
  });

/** After a store is connected or disconnected: its status is read again, and the brand list, which shows it too. */
export function useRefreshStoreConnection(brandId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: storeQueryOptions(brandId).queryKey });
    // The brand list's shopifyConnected flag.
    await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
  };
}
