import { useMutation } from '@tanstack/react-query';
import type { ConnectInstagramInput, InstagramConnection } from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useRefreshInstagramConnection } from './get-instagram-connection.ts';

/** PUT /api/brands/{brandId}/instagram with a token from Meta's app dashboard. */
export async function connectInstagram({ brandId, ...input }: ConnectInstagramInput & { brandId: string }) {
  return (
    await apiRequest('PUT', `/api/brands/${brandId}/instagram`, input)
  ).json() as Promise<InstagramConnection>;
}

export function useConnectInstagram(brandId: string) {
  const refresh = useRefreshInstagramConnection(brandId);
  return useMutation({
    mutationFn: (input: ConnectInstagramInput) => connectInstagram({ brandId, ...input }),
    onSettled: refresh,
  });
}
