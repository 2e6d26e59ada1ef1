import type { UpdatePersonalityInput } from '#contracts/dashboard-actions.ts';
import type { BrandPersonality } from '#contracts/dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * PUT /api/brands/{brandId}/personality: the whole personality. Saved together with the assistant settings by
 * Psychology Settings' Save (hooks/use-psychology-form.ts), which owns the toasts and the cache update.
 */
export const savePersonality = async (
  brandId: string,
  input: UpdatePersonalityInput,
): Promise<BrandPersonality> =>
  (await apiRequest('PUT', `/api/brands/${brandId}/personality`, input)).json() as Promise<BrandPersonality>;
