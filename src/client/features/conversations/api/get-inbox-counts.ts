import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxCounts } from '#contracts/dashboard-actions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { filterKey, type ConversationFilters } from './get-conversations.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/inbox-counts: the tab counts for the same search and status filter as the lists. */
export const inboxCountsQueryOptions = (brandId: string, filters: ConversationFilters) =>
  queryOptions({
    queryKey: brandKeys.inboxCounts(brandId, filterKey(filters)),
    queryFn: async (): Promise<InboxCounts> => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(filterKey(filters))) if (value) params.set(name, value);
      const query = params.size > 0 ? `?${params}` : '';
      return (
        await apiRequest('GET', `/api/brands/${brandId}/inbox-counts${query}`)
      ).json() as Promise<InboxCounts>;
    },
  });

export const useInboxCounts = (brandId: string | undefined, filters: ConversationFilters) =>
  useQuery({
    ...inboxCountsQueryOptions(brandId ?? '', filters),
    enabled: Boolean(brandId),
    // The tabs keep their last counts while a new search is answered.
    placeholderData: keepPreviousData,
  });
