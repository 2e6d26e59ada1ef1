import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Conversation } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';

/** spec §7: GET /api/brands/{brandId}/conversations, newest first, one page of up to 200 at a time. */
export const conversationsQueryOptions = (brandId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/brands', brandId, 'conversations'],
    queryFn: ({ pageParam }) =>
      fetchPage<Conversation>(`/api/brands/${brandId}/conversations`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useConversations = (brandId: string | undefined) =>
  useInfiniteQuery({ ...conversationsQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
