import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantSettings } from '#contracts/assistant.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/assistant/settings: the saved settings, or the defaults. */
export const getAssistantSettings = async (brandId: string): Promise<AssistantSettings> =>
  (await apiRequest('GET', `/api/brands/${brandId}/assistant/settings`)).json() as Promise<AssistantSettings>;

export const assistantSettingsQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.assistantSettings(brandId),
    queryFn: () => getAssistantSettings(brandId),
  });

export const useAssistantSettings = (brandId: string | undefined) =>
  useQuery({ ...assistantSettingsQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
