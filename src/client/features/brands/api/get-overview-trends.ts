import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewTrends } from '#contracts/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { analyticsKeys } from '#client/lib/query-keys.ts';

/** GET /api/analytics/overview: the current workspace's four counts now and 30 days before. */
export const overviewTrendsQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.overview,
    queryFn: async () =>
      (await apiRequest('GET', '/api/analytics/overview')).json() as Promise<OverviewTrends>,
  });

export const useOverviewTrends = () => useQuery(overviewTrendsQueryOptions());
