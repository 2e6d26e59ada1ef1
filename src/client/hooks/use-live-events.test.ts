import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { automationRulesQueryOptions } from '#client/features/automation/api/get-automation-rules.ts';
import { brandsQueryOptions } from '#client/features/brands/api/get-brands.ts';
import { overviewTrendsQueryOptions } from '#client/features/brands/api/get-overview-trends.ts';
import { commentsQueryOptions } from '#client/features/conversations/api/get-comments.ts';
import { conversationsQueryOptions } from '#client/features/conversations/api/get-conversations.ts';
import { inboxCountsQueryOptions } from '#client/features/conversations/api/get-inbox-counts.ts';
import { messagesQueryOptions } from '#client/features/conversations/api/get-messages.ts';
import { sendWindowQueryOptions } from '#client/features/conversations/api/conversation-actions.ts';
import { setupChecklistQueryOptions } from '#client/features/onboarding/api/get-setup-checklist.ts';
import { personalityQueryOptions } from '#client/features/psychology/api/get-personality.ts';
import { storeQueryOptions } from '#client/features/store/api/get-store.ts';
import { notificationKeys } from '#client/lib/query-keys.ts';
import { invalidateForEvent } from './use-live-events.ts';

/** What the screens read, under the keys their own query options build (filters and searches included). */
const screens: Record<string, readonly unknown[]> = {
  'brand list': brandsQueryOptions().queryKey,
  'overview trends': overviewTrendsQueryOptions().queryKey,
  'b1 open conversations': conversationsQueryOptions('b1', { status: 'open' }).queryKey,
  'b1 unread conversations': conversationsQueryOptions('b1', { unread: 'true', q: 'ana' }).queryKey,
  'b1 inbox counts': inboxCountsQueryOptions('b1', { status: 'open' }).queryKey,
  'b1 comments': commentsQueryOptions('b1', 'blue').queryKey,
  'b1 personality': personalityQueryOptions('b1').queryKey,
  'b1 rules': automationRulesQueryOptions('b1').queryKey,
  'b1 store': storeQueryOptions('b1').queryKey,
  'b2 conversations': conversationsQueryOptions('b2').queryKey,
  'b2 rules': automationRulesQueryOptions('b2').queryKey,
  'c1 messages': messagesQueryOptions('c1').queryKey,
  'c1 send window': sendWindowQueryOptions('c1').queryKey,
  'c2 messages': messagesQueryOptions('c2').queryKey,
  bell: notificationKeys.all,
  checklist: setupChecklistQueryOptions().queryKey,
};

/** Which screens' cached reads a live event marks stale (only those refetch), the checklist aside. */
function staleAfter(event: Parameters<typeof invalidateForEvent>[1]) {
  const client = new QueryClient();
  for (const key of Object.values(screens)) client.setQueryData(key, 'cached');
  invalidateForEvent(client, event);
  const stale = Object.entries(screens)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
  // Any change may tick a step of the Overview's checklist.
  expect(stale).toContain('checklist');
  return stale.filter((name) => name !== 'checklist');
}

describe('live events invalidate what the screens read, and only that', () => {
  const event = (change: Partial<Parameters<typeof invalidateForEvent>[1]>) => ({
    op: 'update' as const,
    brandId: 'b1',
    id: null,
    conversationId: null,
    topic: 'rule' as const,
    ...change,
  });

  it('a notification, with or without a brand: the bell only', () => {
    expect(staleAfter(event({ topic: 'notification', op: 'insert', brandId: null }))).toEqual(['bell']);
    expect(staleAfter(event({ topic: 'notification', op: 'insert' }))).toEqual(['bell']);
  });

  it('a new message: its thread, its brand conversation lists whatever their filters, and the counts', () => {
    expect(staleAfter(event({ topic: 'message', op: 'insert', id: 'm', conversationId: 'c1' }))).toEqual([
      'b1 open conversations',
      'b1 unread conversations',
      'b1 inbox counts',
      'c1 messages',
    ]);
  });

  it('a conversation change: its lists, counts and every read of that conversation', () => {
    expect(staleAfter(event({ topic: 'conversation', id: 'c1' }))).toEqual([
      'b1 open conversations',
      'b1 unread conversations',
      'b1 inbox counts',
      'c1 messages',
      'c1 send window',
    ]);
  });

  it('a comment: its brand comment lists and counts', () => {
    expect(staleAfter(event({ topic: 'comment', op: 'insert', id: 'x' }))).toEqual([
      'b1 inbox counts',
      'b1 comments',
    ]);
  });

  it('a brand update: the brand list and the Overview counts; a deletion: everything under the brands too', () => {
    expect(staleAfter(event({ topic: 'brand', id: 'b1' }))).toEqual(['brand list', 'overview trends']);
    expect(staleAfter(event({ topic: 'brand', op: 'delete', id: 'b1' }))).toEqual(
      Object.keys(screens).filter((name) => !/^(c1|c2|bell|checklist)/.test(name)),
    );
  });

  it('a store sync or connection: the brand list and everything of that brand, not of another', () => {
    expect(staleAfter(event({ topic: 'sync' }))).toEqual([
      'brand list',
      'b1 open conversations',
      'b1 unread conversations',
      'b1 inbox counts',
      'b1 comments',
      'b1 personality',
      'b1 rules',
      'b1 store',
    ]);
  });

  it('rules and personality: their own read', () => {
    expect(staleAfter(event({ topic: 'rule', id: 'r' }))).toEqual(['b1 rules']);
    expect(staleAfter(event({ topic: 'personality', id: 'b1' }))).toEqual(['b1 personality']);
  });
});
