import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandPersonality } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/personality: the saved personality, or the defaults. */
export const getPersonality = async (brandId: string): Promise<BrandPersonality> =>
  (await apiRequest('GET', `/api/brands/${brandId}/personality`)).json() as Promise<BrandPersonality>;

export const personalityQueryOptions = (brandId: string) =>
  queryOptions({ queryKey: brandKeys.personality(brandId), queryFn: () => getPersonality(brandId) });

export const usePersonality = (brandId: string | undefined) =>
  useQuery({ ...personalityQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
