import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPaging, type Message } from '#contracts/dashboard.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';
import { conversationKeys } from '#client/lib/query-keys.ts';

/** GET /api/conversations/{conversationId}/messages, oldest first. */
export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam }) =>
      fetchPage<Message>(`/api/conversations/${conversationId}/messages`, {
        limit: listPaging.maxLimit,
        cursor: pageParam,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useMessages = (conversationId: string | undefined) =>
  useInfiniteQuery({ ...messagesQueryOptions(conversationId ?? ''), enabled: Boolean(conversationId) });
