import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Comment } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';

/** spec §7: GET /api/brands/{brandId}/comments, newest first. */
export const commentsQueryOptions = (brandId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/brands', brandId, 'comments'],
    queryFn: ({ pageParam }) =>
      fetchPage<Comment>(`/api/brands/${brandId}/comments`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useComments = (brandId: string | undefined) =>
  useInfiniteQuery({ ...commentsQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
