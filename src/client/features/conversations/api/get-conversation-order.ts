import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { conversationKeys } from '#client/lib/query-keys.ts';

export interface ConversationOrder {
  order: { orderNumber: string; currency: string; total: string; status: string } | null;
}

/** GET /api/conversations/{id}/order: the conversation's newest attributed order (its badge). */
export const useConversationOrder = (conversationId: string | undefined) =>
  useQuery({
    queryKey: conversationKeys.order(conversationId ?? ''),
    queryFn: async () =>
      (
        await apiRequest('GET', `/api/conversations/${conversationId}/order`)
      ).json() as Promise<ConversationOrder>,
    enabled: Boolean(conversationId),
  });
