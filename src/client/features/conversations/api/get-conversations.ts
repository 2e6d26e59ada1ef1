import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Conversation } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

export interface ConversationFilters {
  /** Case-insensitive match on the customer username (on the server). */
  q?: string | undefined;
  /** One status, `open` (neither resolved nor archived: the inbox's default) or empty for all. */
  status?: string | undefined;
  /** 'true': only conversations with buyer messages this person has not read. */
  unread?: 'true' | undefined;
  /** The Performance screen's drill-downs: conversations started that day, or that asked for a sold-out variant. */
  startedOn?: string | undefined;
  askedVariantId?: string | undefined;
}

/** The filters as a query key part and as query parameters (empty ones left out). */
export const filterKey = (filters: ConversationFilters) => ({
  q: filters.q ?? '',
  status: filters.status ?? '',
  unread: filters.unread ?? '',
  startedOn: filters.startedOn ?? '',
  askedVariantId: filters.askedVariantId ?? '',
});

/** GET /api/brands/{brandId}/conversations, newest first, one page of up to 200 at a time. */
export const conversationsQueryOptions = (brandId: string, filters: ConversationFilters = {}) =>
  infiniteQueryOptions({
    queryKey: brandKeys.conversations(brandId, filterKey(filters)),
    queryFn: ({ pageParam }) =>
      fetchPage<Conversation>(`/api/brands/${brandId}/conversations`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
        filters: {
          q: filters.q,
          status: filters.status,
          unread: filters.unread,
          startedOn: filters.startedOn,
          askedVariantId: filters.askedVariantId,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useConversations = (brandId: string | undefined, filters: ConversationFilters = {}) =>
  useInfiniteQuery({ ...conversationsQueryOptions(brandId ?? '', filters), enabled: Boolean(brandId) });
