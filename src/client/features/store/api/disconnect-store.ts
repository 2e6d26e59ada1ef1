import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { useRefreshStoreConnection } from './get-store.ts';

/** DELETE /api/brands/{brandId}/store: the connection and its mirrored catalog go. */
export const disconnectStore = async (brandId: string): Promise<void> => {
  await apiRequest('DELETE', `/api/brands/${brandId}/store`);
};

export const useDisconnectStore = (brandId: string) => {
  const refresh = useRefreshStoreConnection(brandId);
  return useMutation({ mutationFn: () => disconnectStore(brandId), onSuccess: refresh });
};
