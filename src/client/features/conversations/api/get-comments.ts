import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Comment } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';
import { brandKeys } from '#client/lib/query-keys.ts';

/** GET /api/brands/{brandId}/comments, newest first; `q` matches username or content (server side). */
export const commentsQueryOptions = (brandId: string, q = '') =>
  infiniteQueryOptions({
    queryKey: brandKeys.comments(brandId, { q }),
    queryFn: ({ pageParam }) =>
      fetchPage<Comment>(`/api/brands/${brandId}/comments`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
        filters: { q },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useComments = (brandId: string | undefined, q = '') =>
  useInfiniteQuery({ ...commentsQueryOptions(brandId ?? '', q), enabled: Boolean(brandId) });
