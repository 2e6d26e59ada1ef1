import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstagramConnection } from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/instagram: the brand's connection (never the token). */
export const getInstagramConnection = async (brandId: string): Promise<InstagramConnection> =>
  (await apiRequest('GET', `/api/brands/${brandId}/instagram`)).json() as Promise<InstagramConnection>;

export const instagramConnectionQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.instagram(brandId),
    queryFn: () => getInstagramConnection(brandId),
  });

export const useInstagramConnection = (brandId: string) => useQuery(instagramConnectionQueryOptions(brandId));

/** After a token is saved or the account disconnected: the connection is read again, and the brand list's too. */
export function useRefreshInstagramConnection(brandId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions(brandId).queryKey });
    await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
  };
}
