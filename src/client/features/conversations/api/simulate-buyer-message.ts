import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  InstagramConnection,
  SimulateBuyerMessageInput,
  SimulateBuyerMessageResult,
} from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{id}/instagram, as the inbox reads it: is this brand on the sample account? */
export const instagramConnectionQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.instagram(brandId),
    queryFn: async () =>
      (await apiRequest('GET', `/api/brands/${brandId}/instagram`)).json() as Promise<InstagramConnection>,
  });

export const useInstagramConnection = (brandId: string | undefined) =>
  useQuery({ ...instagramConnectionQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });

/**
 * POST /api/brands/{id}/instagram/simulate: a buyer's DM or comment into the sample account's inbox. The lists
 * update from the live events the new rows cause, as for a real buyer.
 */
export function useSimulateBuyerMessage(brandId: string) {
  return useMutation({
    mutationFn: async (input: SimulateBuyerMessageInput) =>
      (
        await apiRequest('POST', `/api/brands/${brandId}/instagram/simulate`, input)
      ).json() as Promise<SimulateBuyerMessageResult>,
    onSuccess: (result) =>
      toastSuccess(
        result.kind === 'dm' ? 'Buyer message delivered' : 'Buyer comment delivered',
        `From @${result.username}, to the sample account. The assistant answers in a moment.`,
      ),
    onError: (error) => toastFailure(error, 'The buyer message could not be delivered. Please try again.'),
  });
}
