import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePersonalityInput } from '#contracts/dashboard-actions.ts';
import type { BrandPersonality } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { personalityQueryOptions } from './get-personality.ts';

/** PUT /api/brands/{brandId}/personality: the whole personality. */
export const savePersonality = async (
  brandId: string,
  input: UpdatePersonalityInput,
): Promise<BrandPersonality> =>
  (await apiRequest('PUT', `/api/brands/${brandId}/personality`, input)).json() as Promise<BrandPersonality>;

export function useSavePersonality(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePersonalityInput) => savePersonality(brandId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(personalityQueryOptions(brandId).queryKey, saved);
      toastSuccess('Settings saved', 'Voicecart AI will use this personality in its next replies.');
    },
    onError: (error) => toastFailure(error, 'Failed to save the settings. Please try again.'),
  });
}
