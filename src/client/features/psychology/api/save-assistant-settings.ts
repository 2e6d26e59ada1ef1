import type { AssistantSettings, UpdateAssistantSettingsInput } from '#contracts/assistant.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * PUT /api/brands/{brandId}/assistant/settings: the whole settings. Saved together with the personality by
 * Psychology Settings' Save (hooks/use-psychology-form.ts), which owns the toasts and the cache update.
 */
export const saveAssistantSettings = async (
  brandId: string,
  input: UpdateAssistantSettingsInput,
): Promise<AssistantSettings> =>
  (
    await apiRequest('PUT', `/api/brands/${brandId}/assistant/settings`, input)
  ).json() as Promise<AssistantSettings>;
