import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Conversation } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';

export interface ConversationFilters {
  /** Case-insensitive match on the customer username (on the server). */
  q?: string | undefined;
  status?: string | undefined;
}

/** GET /api/brands/{brandId}/conversations, newest first, one page of up to 200 at a time. */
export const conversationsQueryOptions = (brandId: string, filters: ConversationFilters = {}) =>
  infiniteQueryOptions({
    queryKey: ['/api/brands', brandId, 'conversations', { q: filters.q ?? '', status: filters.status ?? '' }],
    queryFn: ({ pageParam }) =>
      fetchPage<Conversation>(`/api/brands/${brandId}/conversations`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
        filters: { q: filters.q, status: filters.status },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useConversations = (brandId: string | undefined, filters: ConversationFilters = {}) =>
  useInfiniteQuery({ ...conversationsQueryOptions(brandId ?? '', filters), enabled: Boolean(brandId) });
