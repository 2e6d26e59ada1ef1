import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstagramSettings } from '#contracts/instagram.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { instagramKeys } from '#client/lib/query-keys.ts';

/** GET /api/instagram/settings: what to paste into Meta's webhook settings, and whether OAuth is set up. */
export const getInstagramSettings = async (): Promise<InstagramSettings> =>
  (await apiRequest('GET', '/api/instagram/settings')).json() as Promise<InstagramSettings>;

export const instagramSettingsQueryOptions = () =>
  queryOptions({ queryKey: instagramKeys.settings, queryFn: getInstagramSettings });

export const useInstagramSettings = () => useQuery(instagramSettingsQueryOptions());
