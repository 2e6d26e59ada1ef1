import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstagramConnection } from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/brands/{brandId}/instagram: the brand's connection (never the token). */
export const getInstagramConnection = async (brandId: string): Promise<InstagramConnection> =>
  (await apiRequest('GET', `/api/brands/${brandId}/instagram`)).json() as Promise<InstagramConnection>;

export const instagramConnectionQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: ['/api/brands', brandId, 'instagram'],
    queryFn: () => getInstagramConnection(brandId),
  });

export const useInstagramConnection = (brandId: string) => useQuery(instagramConnectionQueryOptions(brandId));
