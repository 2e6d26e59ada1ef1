import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectInstagramInput, InstagramConnection } from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { instagramConnectionQueryOptions } from './get-instagram-connection.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** PUT /api/brands/{brandId}/instagram with a token from Meta's app dashboard. */
export async function connectInstagram({ brandId, ...input }: ConnectInstagramInput & { brandId: string }) {
  return (
    await apiRequest('PUT', `/api/brands/${brandId}/instagram`, input)
  ).json() as Promise<InstagramConnection>;
}

export function useConnectInstagram(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectInstagramInput) => connectInstagram({ brandId, ...input }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions(brandId).queryKey });
      await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
    },
  });
}
