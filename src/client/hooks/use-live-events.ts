import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveEventSchema, type LiveEvent } from '#contracts/dashboard-actions.ts';

/**
 * Which cached reads a change touches. Query keys are the URL's segments, so the brand-scoped
 * reads all start with ['/api/brands', brandId] and a conversation's messages with ['/api/conversations', id].
 */
export function invalidateForEvent(queryClient: QueryClient, event: LiveEvent): void {
  const brandKey = ['/api/brands', event.brandId];
  const invalidate = (queryKey: unknown[], exact = false) =>
    void queryClient.invalidateQueries({ queryKey, exact });
  // The Overview's checklist is ticked from brands, connections, voices and the assistant's answers: any change
  // may tick a step (only a checklist on screen is fetched again).
  invalidate(['/api/setup-checklist']);
  switch (event.topic) {
    case 'brand':
      invalidate(['/api/brands'], event.op !== 'delete');
      // The Overview's stat cards compare the counts with 30 days before.
      invalidate(['/api/analytics/overview']);
      break;
    case 'conversation':
      invalidate([...brandKey, 'conversations']);
      invalidate([...brandKey, 'inbox-counts']);
      if (event.id) invalidate(['/api/conversations', event.id]);
      break;
    case 'message':
      if (event.conversationId) invalidate(['/api/conversations', event.conversationId, 'messages']);
      invalidate([...brandKey, 'conversations']);
      // A buyer message changes the unread count.
      invalidate([...brandKey, 'inbox-counts']);
      break;
    case 'comment':
      invalidate([...brandKey, 'comments']);
      invalidate([...brandKey, 'inbox-counts']);
      break;
    case 'personality':
      invalidate([...brandKey, 'personality']);
      break;
    case 'rule':
      invalidate([...brandKey, 'automation-rules']);
      break;
    case 'connection':
    case 'sync':
      invalidate(['/api/brands'], true);
      invalidate(brandKey);
      break;
    case 'notification':
      // The bell (decision 045): it refetches its own list, the event carries nothing of it.
      invalidate(['/api/notifications']);
      break;
  }
}

/**
 * One Server-Sent Events stream per dashboard: changes invalidate the affected queries, so open
 * screens refetch only what changed. EventSource reconnects by itself and sends Last-Event-ID; `reset` (a gap
 * too old to replay) invalidates everything.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    const handleChange = (message: MessageEvent<string>) => {
      try {
        const parsed = liveEventSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) invalidateForEvent(queryClient, parsed.data);
      } catch {
        // A malformed frame is ignored; the next change or a reload corrects the screen.
      }
    };
    const handleReset = () => void queryClient.invalidateQueries();
    source.addEventListener('change', handleChange);
    source.addEventListener('reset', handleReset);
    return () => {
      source.removeEventListener('change', handleChange);
      source.removeEventListener('reset', handleReset);
      source.close();
    };
  }, [enabled, queryClient]);
}
