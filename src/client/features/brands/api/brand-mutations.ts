import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBrandInput, UpdateBrandInput } from '#contracts/dashboard-actions.ts';
import type { Brand } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { brandsQueryOptions } from './get-brands.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** POST /api/brands. */
export const createBrand = async (input: CreateBrandInput): Promise<Brand> =>
  (await apiRequest('POST', '/api/brands', input)).json() as Promise<Brand>;

/** PATCH /api/brands/{brandId}. */
export const updateBrand = async (brandId: string, input: UpdateBrandInput): Promise<Brand> =>
  (await apiRequest('PATCH', `/api/brands/${brandId}`, input)).json() as Promise<Brand>;

/** DELETE /api/brands/{brandId}: its conversations, comments, rules and connections go with it. */
export const deleteBrand = async (brandId: string): Promise<void> => {
  await apiRequest('DELETE', `/api/brands/${brandId}`);
};

const brandsKey = brandsQueryOptions().queryKey;

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandsKey, (brands) => (brands ? [...brands, brand] : [brand]));
      toastSuccess('Brand created', `${brand.name} is ready to connect.`);
    },
    // No toast on failure: the create dialog says what went wrong where it is being typed in.
  });
}

/**
 * Optimistic: the brand list shows the change at once (the active toggle must feel instant) and goes back to
 * what it was if the server refuses.
 */
export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brandId, input }: { brandId: string; input: UpdateBrandInput }) =>
      updateBrand(brandId, input),
    onMutate: async ({ brandId, input }) => {
      await queryClient.cancelQueries({ queryKey: brandsKey, exact: true });
      const previous = queryClient.getQueryData(brandsKey);
      const optimistic: Partial<Brand> = {};
      if (input.name !== undefined) optimistic.name = input.name.trim();
      if (input.active !== undefined) optimistic.active = input.active;
      queryClient.setQueryData(brandsKey, (brands) =>
        brands?.map((brand) => (brand.id === brandId ? { ...brand, ...optimistic } : brand)),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(brandsKey, context.previous);
      toastFailure(error, 'Failed to update the brand. Please try again.');
    },
    onSuccess: (brand, { input }) => {
      queryClient.setQueryData(brandsKey, (brands) => brands?.map((b) => (b.id === brand.id ? brand : b)));
      const onlyActive = Object.keys(input).length === 1 && input.active !== undefined;
      if (onlyActive) {
        toastSuccess(
          brand.active ? 'Brand resumed' : 'Brand paused',
          brand.active
            ? `Voicecart AI answers for ${brand.name} again.`
            : `Voicecart AI stops answering for ${brand.name}; messages are still stored.`,
        );
      } else {
        toastSuccess('Brand updated', `${brand.name} was saved.`);
      }
    },
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brandId }: { brandId: string; name: string }) => deleteBrand(brandId),
    onSuccess: (_result, { brandId, name }) => {
      queryClient.setQueryData(brandsKey, (brands) => brands?.filter((brand) => brand.id !== brandId));
      queryClient.removeQueries({ queryKey: brandKeys.one(brandId) });
      toastSuccess('Brand deleted', `${name} and its conversations were deleted.`);
    },
    onError: (error) => toastFailure(error, 'Failed to delete the brand. Please try again.'),
  });
}
