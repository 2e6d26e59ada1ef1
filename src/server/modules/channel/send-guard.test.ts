import { describe, expect, it } from 'vitest';
import {
  decideCommentReply,
  decideDirectMessage,
  type CommentContext,
  type ConversationContext,
} from './send-guard.ts';

// The guard's rules on plain values: no database, no clock of its own.
const now = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

const conversation = (overrides: Partial<ConversationContext> = {}): ConversationContext => ({
  conversationId: 'c1',
  brandId: 'b1',
  customerIgsid: 'igsid-1',
  status: 'active',
  handledBy: 'assistant',
  lastCustomerMessageAt: hoursAgo(1),
  brandActive: true,
  connectionStatus: 'connected',
  accountId: 'acct-1',
  ...overrides,
});

const comment = (overrides: Partial<CommentContext> = {}): CommentContext => ({
  commentId: 'k1',
  brandId: 'b1',
  instagramCommentId: 'ig-k1',
  parentId: null,
  fromInstagramId: 'igsid-2',
  createdAt: hoursAgo(2),
  brandActive: true,
  connectionStatus: 'connected',
  accountId: 'acct-1',
  accountUsername: 'luna',
  ...overrides,
});

const off = { humanAgentTagEnabled: false, now };
const on = { humanAgentTagEnabled: true, now };
const codeOf = (decision: { allowed: boolean; code?: string }) =>
  decision.allowed ? 'allowed' : decision.code;

describe('decideDirectMessage', () => {
  it('lets the assistant and a person send within 24 hours, and says when the window closes', () => {
    expect(decideDirectMessage(conversation(), 'assistant', off)).toEqual({
      allowed: true,
      humanAgentTag: false,
      closesAt: new Date(hoursAgo(1).getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(
      codeOf(decideDirectMessage(conversation({ lastCustomerMessageAt: hoursAgo(23.9) }), 'person', off)),
    ).toBe('allowed');
  });

  it('refuses for the brand and its account before anything else', () => {
    expect(codeOf(decideDirectMessage(conversation({ brandActive: false }), 'person', on))).toBe(
      'brand_paused',
    );
    expect(codeOf(decideDirectMessage(conversation({ connectionStatus: null }), 'person', on))).toBe(
      'not_connected',
    );
    expect(
      codeOf(decideDirectMessage(conversation({ connectionStatus: 'needs_reconnect' }), 'person', on)),
    ).toBe('needs_reconnect');
  });

  it('keeps the assistant out of escalated and person-owned conversations, not the person', () => {
    expect(codeOf(decideDirectMessage(conversation({ status: 'escalated' }), 'assistant', off))).toBe(
      'escalated',
    );
    expect(codeOf(decideDirectMessage(conversation({ handledBy: 'person' }), 'assistant', off))).toBe(
      'person_owned',
    );
    expect(
      codeOf(decideDirectMessage(conversation({ handledBy: 'person', status: 'escalated' }), 'person', off)),
    ).toBe('allowed');
  });

  it('needs a customer message first', () => {
    expect(codeOf(decideDirectMessage(conversation({ lastCustomerMessageAt: null }), 'person', on))).toBe(
      'no_customer_message',
    );
  });

  it('after 24 hours: never the assistant; a person up to 7 days only with the human agent tag', () => {
    const old = conversation({ lastCustomerMessageAt: hoursAgo(48) });
    expect(codeOf(decideDirectMessage(old, 'assistant', on))).toBe('window_closed');
    expect(codeOf(decideDirectMessage(old, 'person', off))).toBe('window_closed');
    expect(decideDirectMessage(old, 'person', on)).toMatchObject({ allowed: true, humanAgentTag: true });
    const tooOld = conversation({ lastCustomerMessageAt: hoursAgo(7 * 24 + 1) });
    expect(codeOf(decideDirectMessage(tooOld, 'person', on))).toBe('window_closed');
  });

  it("words each refusal a person sees in the composer as a sentence, without a setting's or a field's name", () => {
    const refusals = [
      conversation({ brandActive: false }),
      conversation({ connectionStatus: null }),
      conversation({ connectionStatus: 'needs_reconnect' }),
      conversation({ lastCustomerMessageAt: null }),
      conversation({ lastCustomerMessageAt: hoursAgo(48) }),
      conversation({ lastCustomerMessageAt: hoursAgo(7 * 24 + 1) }),
    ].map((context) => decideDirectMessage(context, 'person', off));
    expect(refusals.map(codeOf)).not.toContain('allowed');
    for (const refusal of refusals) {
      const reason = refusal.allowed ? '' : refusal.reason;
      expect(reason).toMatch(/^[A-Z][^]*\.$/);
      expect(reason).not.toMatch(/[A-Z]+_[A-Z]|[a-z][A-Z]|\(/);
    }
  });
});

describe('decideCommentReply', () => {
  it('allows a public reply at any age and a private one for 7 days', () => {
    const old = comment({ createdAt: hoursAgo(8 * 24) });
    expect(decideCommentReply(old, 'public_reply', { now })).toBeNull();
    expect(decideCommentReply(comment(), 'private_reply', { now })).toBeNull();
    expect(decideCommentReply(old, 'private_reply', { now })?.code).toBe('private_reply_expired');
  });

  it('refuses for the brand and its account', () => {
    expect(decideCommentReply(comment({ brandActive: false }), 'public_reply', { now })?.code).toBe(
      'brand_paused',
    );
    expect(
      decideCommentReply(comment({ connectionStatus: 'needs_reconnect' }), 'private_reply', { now })?.code,
    ).toBe('needs_reconnect');
  });
});
