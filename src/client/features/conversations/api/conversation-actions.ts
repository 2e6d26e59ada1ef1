import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CommentReplyInput,
  ConversationState,
  ConversationStatus,
  DraftReply,
  SendResult,
  SendWindow,
} from '#contracts/dashboard-actions.ts';
import type { Comment, Conversation } from '#contracts/dashboard.ts';
import { apiRequest, throwIfResponseNotOk, serverMessageOf } from '#client/lib/api-client.ts';
import type { FetchedPage } from '#client/lib/fetch-page.ts';
import { toastError, toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { brandKeys, conversationKeys } from '#client/lib/query-keys.ts';

/** A POST carrying an `Idempotency-Key`, so a retried send goes out once. */
async function postOnce(url: string, body: unknown, idempotencyKey: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  await throwIfResponseNotOk(response);
  return response;
}

/** Applies `change` to the item in every cached page of a brand's lists (all searches and filters). */
function patchListItems<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
  change: Partial<T>,
) {
  queryClient.setQueriesData<InfiniteData<FetchedPage<T>>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
          })),
        }
      : data,
  );
}

const statusToasts: Record<ConversationStatus, [string, string]> = {
  archived: ['Conversation archived', 'It moves out of the active list.'],
  resolved: ['Conversation resolved', 'Marked as resolved.'],
  escalated: ['Conversation escalated', 'Voicecart AI stays silent here until you hand it back.'],
  active: ['Handed back to AI', 'Voicecart AI answers this conversation again.'],
};

/** PATCH /api/conversations/{id} `{ status }`; optimistic in every cached list of the brand, rolled back on error. */
export function useUpdateConversationStatus(brandId: string) {
  const queryClient = useQueryClient();
  const listKey = brandKeys.conversations(brandId);
  return useMutation({
    mutationFn: async ({ conversationId, status }: { conversationId: string; status: ConversationStatus }) =>
      (
        await apiRequest('PATCH', `/api/conversations/${conversationId}`, { status })
      ).json() as Promise<ConversationState>,
    onMutate: async ({ conversationId, status }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueriesData({ queryKey: listKey });
      patchListItems<Conversation>(queryClient, listKey, conversationId, {
        status,
        ...(status === 'active' ? { handledBy: 'assistant' } : {}),
      });
      return { previous };
    },
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toastFailure(error, 'Failed to update the conversation. Please try again.');
    },
    onSuccess: (state) => {
      patchListItems<Conversation>(queryClient, listKey, state.id, state);
      void queryClient.invalidateQueries({ queryKey: brandKeys.inboxCounts(brandId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.sendWindow(state.id) });
      const [title, description] = statusToasts[state.status as ConversationStatus] ?? [
        'Conversation updated',
        '',
      ];
      toastSuccess(title, description);
    },
  });
}

/** GET /api/conversations/{id}/send-window: may a person reply now, and if not, why (shown before typing). */
export const sendWindowQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: conversationKeys.sendWindow(conversationId),
    queryFn: async () =>
      (
        await apiRequest('GET', `/api/conversations/${conversationId}/send-window`)
      ).json() as Promise<SendWindow>,
  });

export const useSendWindow = (conversationId: string) => useQuery(sendWindowQueryOptions(conversationId));

/** POST /api/conversations/{id}/messages: a person's reply through Instagram. */
export function useSendMessage(brandId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, idempotencyKey }: { content: string; idempotencyKey: string }) =>
      (
        await postOnce(`/api/conversations/${conversationId}/messages`, { content }, idempotencyKey)
      ).json() as Promise<SendResult>,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
      void queryClient.invalidateQueries({ queryKey: brandKeys.conversations(brandId) });
      if (result.status === 'failed') {
        toastError(
          serverMessageOf(result.error ?? '') ?? 'Instagram did not accept the message. Please try again.',
        );
      } else if (result.status === 'unknown') {
        toastSuccess('Message sent', 'Instagram has not confirmed it yet; it shows here once it does.');
      } else {
        toastSuccess('Message sent', 'Your reply was sent on Instagram.');
      }
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.sendWindow(conversationId) });
      toastFailure(error, 'Failed to send the message. Please try again.');
    },
  });
}

/** POST /api/conversations/{id}/draft: the assistant's reply to the conversation so far, not sent. */
export function useDraftReply(conversationId: string) {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('POST', `/api/conversations/${conversationId}/draft`)).json() as Promise<DraftReply>,
    onError: (error) => toastFailure(error, 'Failed to generate a response. Please try again.'),
  });
}

/** POST /api/comments/{id}/reply: a public or private reply; the comment becomes Replied. */
export function useReplyToComment(brandId: string) {
  const queryClient = useQueryClient();
  const listKey = brandKeys.comments(brandId);
  return useMutation({
    mutationFn: async ({
      commentId,
      input,
      idempotencyKey,
    }: {
      commentId: string;
      input: CommentReplyInput;
      idempotencyKey: string;
    }) =>
      (
        await postOnce(`/api/comments/${commentId}/reply`, input, idempotencyKey)
      ).json() as Promise<SendResult>,
    onSuccess: (result, { commentId, input }) => {
      if (result.status === 'failed') {
        toastError(
          serverMessageOf(result.error ?? '') ?? 'Instagram did not accept the reply. Please try again.',
        );
        return;
      }
      patchListItems<Comment>(queryClient, listKey, commentId, {
        replied: true,
        replyContent: input.content,
      });
      void queryClient.invalidateQueries({ queryKey: listKey });
      toastSuccess(
        'Reply sent',
        input.visibility === 'private'
          ? 'The commenter got your reply as a DM.'
          : 'Your reply is public under the post.',
      );
    },
    onError: (error) => toastFailure(error, 'Failed to send the reply. Please try again.'),
  });
}

/**
 * PUT /api/conversations/{id}/read: opened, so read for this person. The unread dot goes at once in every cached
 * list; the counts follow from the server.
 */
export function useMarkRead(brandId: string) {
  const queryClient = useQueryClient();
  const listKey = brandKeys.conversations(brandId);
  return useMutation({
    mutationFn: async (conversationId: string) => {
      await apiRequest('PUT', `/api/conversations/${conversationId}/read`);
    },
    onMutate: (conversationId) => {
      patchListItems<Conversation>(queryClient, listKey, conversationId, { unread: false });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: brandKeys.inboxCounts(brandId) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
