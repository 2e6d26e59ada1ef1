import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveEventSchema, type LiveEvent } from '#contracts/dashboard-actions.ts';
import {
  analyticsKeys,
  brandKeys,
  conversationKeys,
  notificationKeys,
  setupChecklistKeys,
} from '#client/lib/query-keys.ts';

/**
 * Which cached reads a change touches, with `exact` for a key that must not take the reads under it along.
 * Keys come from `lib/query-keys.ts`, the ones the screens read with; a key without its filters marks every
 * filtered read under it stale.
 */
export function keysForEvent(event: LiveEvent): { queryKey: readonly unknown[]; exact?: boolean }[] {
  // The Overview's checklist is ticked from brands, connections, voices and the assistant's answers: any change
  // may tick a step (only a checklist on screen is fetched again).
  const keys: { queryKey: readonly unknown[]; exact?: boolean }[] = [
    { queryKey: setupChecklistKeys.checklist },
  ];
  const add = (queryKey: readonly unknown[], exact = false) =>
    keys.push(exact ? { queryKey, exact } : { queryKey });
  if (event.topic === 'notification') {
    // The bell (decision 045): it refetches its own list, the event carries nothing of it.
    add(notificationKeys.all);
    return keys;
  }
  if (event.topic === 'brand') {
    // A deletion drops everything under the brands; an insert or update only changes the list.
    add(brandKeys.all, event.op !== 'delete');
    // The Overview's stat cards compare the counts with 30 days before.
    add(analyticsKeys.overview);
    return keys;
  }
  // Every other change is a brand's; one without a brand touches no brand's reads.
  const brandId = event.brandId;
  if (brandId === null) return keys;
  switch (event.topic) {
    case 'conversation':
      add(brandKeys.conversations(brandId));
      add(brandKeys.inboxCounts(brandId));
      if (event.id) add(conversationKeys.one(event.id));
      break;
    case 'message':
      if (event.conversationId) add(conversationKeys.messages(event.conversationId));
      add(brandKeys.conversations(brandId));
      // A buyer message changes the unread count.
      add(brandKeys.inboxCounts(brandId));
      break;
    case 'comment':
      add(brandKeys.comments(brandId));
      add(brandKeys.inboxCounts(brandId));
      break;
    case 'personality':
      add(brandKeys.personality(brandId));
      break;
    case 'rule':
      add(brandKeys.automationRules(brandId));
      break;
    case 'connection':
    case 'sync':
      add(brandKeys.all, true);
      add(brandKeys.one(brandId));
      break;
  }
  return keys;
}

/** Marks the reads a change touches stale; only those on screen are fetched again. */
export function invalidateForEvent(queryClient: QueryClient, event: LiveEvent): void {
  for (const filters of keysForEvent(event)) void queryClient.invalidateQueries(filters);
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
