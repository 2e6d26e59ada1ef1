import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { useRefreshInstagramConnection } from './get-instagram-connection.ts';

/** DELETE /api/brands/{brandId}/instagram. */
export async function disconnectInstagram(brandId: string): Promise<void> {
  await apiRequest('DELETE', `/api/brands/${brandId}/instagram`);
}

export function useDisconnectInstagram(brandId: string) {
  const refresh = useRefreshInstagramConnection(brandId);
  return useMutation({ mutationFn: () => disconnectInstagram(brandId), onSettled: refresh });
}
