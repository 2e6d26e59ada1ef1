import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { instagramConnectionQueryOptions } from './get-instagram-connection.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** DELETE /api/brands/{brandId}/instagram. */
export async function disconnectInstagram(brandId: string): Promise<void> {
  await apiRequest('DELETE', `/api/brands/${brandId}/instagram`);
}

export function useDisconnectInstagram(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectInstagram(brandId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions(brandId).queryKey });
      await queryClient.invalidateQueries({ queryKey: brandKeys.all, exact: true });
    },
  });
}
