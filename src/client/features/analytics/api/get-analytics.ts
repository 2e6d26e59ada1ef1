import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics } from '#contracts/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { analyticsKeys } from '#client/lib/query-keys.ts';

export interface AnalyticsParams {
  brandId?: string | undefined;
  from: string;
  to: string;
}

/** GET /api/analytics: the Performance screen's figures for one brand or all of the user's brands. */
export const analyticsQueryOptions = (params: AnalyticsParams) =>
  queryOptions({
    queryKey: analyticsKeys.report(params),
    queryFn: async () => {
      const search = new URLSearchParams({ from: params.from, to: params.to });
      if (params.brandId) search.set('brandId', params.brandId);
      return (await apiRequest('GET', `/api/analytics?${search}`)).json() as Promise<Analytics>;
    },
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (params: AnalyticsParams) => useQuery(analyticsQueryOptions(params));
