import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateForEvent } from './use-live-events.ts';

const keys = [
  ['/api/brands'],
  ['/api/brands', 'b1', 'conversations', { q: '', status: '' }],
  ['/api/brands', 'b1', 'inbox-counts', { q: '', status: '' }],
  ['/api/brands', 'b1', 'comments', { q: 'blue' }],
  ['/api/brands', 'b1', 'personality'],
  ['/api/brands', 'b1', 'automation-rules'],
  ['/api/brands', 'b2', 'conversations', { q: '', status: '' }],
  ['/api/conversations', 'c1', 'messages'],
  ['/api/conversations', 'c2', 'messages'],
  ['/api/notifications'],
];

/** Which cached reads a live event marks stale (only those refetch). */
function staleAfter(event: Parameters<typeof invalidateForEvent>[1]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  invalidateForEvent(client, event);
  return keys
    .filter((key) => client.getQueryState(key)?.isInvalidated)
    .map((key) => key.slice(0, 3).join(' '));
}

describe('live events invalidate only what they touch', () => {
  it('a notification, with or without a brand: the bell only', () => {
    expect(
      staleAfter({ topic: 'notification', op: 'insert', brandId: null, id: null, conversationId: null }),
    ).toEqual(['/api/notifications']);
    expect(
      staleAfter({ topic: 'notification', op: 'insert', brandId: 'b1', id: null, conversationId: null }),
    ).toEqual(['/api/notifications']);
  });

  it('a new message: its conversation thread, its brand conversation lists and their unread counts', () => {
    expect(
      staleAfter({ topic: 'message', op: 'insert', brandId: 'b1', id: 'm', conversationId: 'c1' }),
    ).toEqual([
      '/api/brands b1 conversations',
      '/api/brands b1 inbox-counts',
      '/api/conversations c1 messages',
    ]);
  });

  it('a comment: its brand comment lists and counts', () => {
    expect(
      staleAfter({ topic: 'comment', op: 'insert', brandId: 'b1', id: 'x', conversationId: null }),
    ).toEqual(['/api/brands b1 inbox-counts', '/api/brands b1 comments']);
  });

  it('a brand update: the brand list only; a deletion: everything under the brands', () => {
    expect(
      staleAfter({ topic: 'brand', op: 'update', brandId: 'b1', id: 'b1', conversationId: null }),
    ).toEqual(['/api/brands']);
    expect(
      staleAfter({ topic: 'brand', op: 'delete', brandId: 'b1', id: 'b1', conversationId: null }),
    ).toHaveLength(7);
  });

  it('rules and personality: their own read', () => {
    expect(staleAfter({ topic: 'rule', op: 'update', brandId: 'b1', id: 'r', conversationId: null })).toEqual(
      ['/api/brands b1 automation-rules'],
    );
    expect(
      staleAfter({ topic: 'personality', op: 'update', brandId: 'b1', id: 'b1', conversationId: null }),
    ).toEqual(['/api/brands b1 personality']);
  });
});
