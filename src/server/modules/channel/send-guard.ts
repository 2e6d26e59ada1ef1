/**
 * The send guard as pure functions: whether a send may go now, and if not, why. The outbound path and the send
 * reconciler ask it just before each Graph call, with what they loaded from the database; it reads no database
 * and no clock of its own, so its rules are tested directly (send-guard.test.ts).
 */
import type { SendOrigin, SendRefusalCode } from '#server/ports/channel.ts';

const HOUR_MS = 3_600_000;
const standardWindowMs = 24 * HOUR_MS;
const humanAgentWindowMs = 7 * 24 * HOUR_MS;
const privateReplyWindowMs = 7 * 24 * HOUR_MS;

export type GuardRefusal = { allowed: false; code: SendRefusalCode; reason: string };
/** The guard's yes, with the conversation it was given for. */
export type GuardedContext = { allowed: true; context: ConversationContext; humanAgentTag: boolean };
export type GuardDecision = { allowed: true; humanAgentTag: boolean; closesAt: string | null } | GuardRefusal;

export interface ConversationContext {
  conversationId: string;
  brandId: string;
  customerIgsid: string;
  status: string;
  handledBy: 'assistant' | 'person';
  lastCustomerMessageAt: Date | null;
  brandActive: boolean;
  connectionStatus: 'connected' | 'needs_reconnect' | null;
  accountId: string | null;
}

/** Reasons common to every send: the brand and its account. */
function refuseForBrand(context: {
  brandActive: boolean;
  connectionStatus: string | null;
}): GuardRefusal | null {
  if (!context.brandActive)
    return { allowed: false, code: 'brand_paused', reason: 'The brand is paused: nothing is sent for it.' };
  if (!context.connectionStatus) {
    return { allowed: false, code: 'not_connected', reason: 'The brand has no Instagram account connected.' };
  }
  if (context.connectionStatus !== 'connected') {
    return {
      allowed: false,
      code: 'needs_reconnect',
      reason: 'Instagram refused the account’s token: reconnect the account before anything can be sent.',
    };
  }
  return null;
}

/**
 * The send guard. Automated text only within 24 h of the customer's last
 * message and never in a conversation a person owns or that was escalated; a person within 24 h, and up to 7 days
 * only with the HUMAN_AGENT tag when it is enabled.
 */
export function decideDirectMessage(
  context: ConversationContext,
  origin: SendOrigin,
  options: { humanAgentTagEnabled: boolean; now: Date },
): GuardDecision {
  const brandRefusal = refuseForBrand(context);
  if (brandRefusal) return brandRefusal;
  if (origin === 'assistant' && context.status === 'escalated') {
    return {
      allowed: false,
      code: 'escalated',
      reason: 'The conversation was escalated to a person: the assistant does not send here.',
    };
  }
  if (origin === 'assistant' && context.handledBy === 'person') {
    return {
      allowed: false,
      code: 'person_owned',
      reason: 'A person is handling this conversation: the assistant does not send here.',
    };
  }
  if (!context.lastCustomerMessageAt) {
    return {
      allowed: false,
      code: 'no_customer_message',
      reason: 'The customer has not written yet: Instagram lets a brand answer only after a message.',
    };
  }
  const age = options.now.getTime() - context.lastCustomerMessageAt.getTime();
  const at = (ms: number) => new Date(context.lastCustomerMessageAt!.getTime() + ms).toISOString();
  if (age <= standardWindowMs) return { allowed: true, humanAgentTag: false, closesAt: at(standardWindowMs) };
  if (origin === 'assistant') {
    return {
      allowed: false,
      code: 'window_closed',
      reason: 'The customer’s last message is more than 24 hours old: automated replies are not allowed.',
    };
  }
  if (age <= humanAgentWindowMs && options.humanAgentTagEnabled) {
    return { allowed: true, humanAgentTag: true, closesAt: at(humanAgentWindowMs) };
  }
  if (age <= humanAgentWindowMs) {
    return {
      allowed: false,
      code: 'window_closed',
      reason:
        'The customer’s last message is more than 24 hours old. Instagram then takes a reply for up to 7 days only marked as from a person, with its Human Agent tag; this server does not mark replies so, and its administrator can turn that on.',
    };
  }
  return {
    allowed: false,
    code: 'window_closed',
    reason: 'The customer’s last message is more than 7 days old: Instagram does not allow a reply.',
  };
}

/** A comment with what a reply to it needs: its brand, its account and its age. */
export interface CommentContext {
  commentId: string;
  brandId: string;
  instagramCommentId: string;
  parentId: string | null;
  /** The commenter's IGSID (the webhook's `from.id`): the private reply goes into the DM thread with them. */
  fromInstagramId: string | null;
  /** When the comment was made (the webhook's time): a private reply is allowed for 7 days after it. */
  createdAt: Date;
  brandActive: boolean;
  connectionStatus: 'connected' | 'needs_reconnect' | null;
  accountId: string | null;
  accountUsername: string | null;
}

export type CommentReplyKind = 'private_reply' | 'public_reply';

/**
 * The send guard for a comment reply (design consequence 4.4): the brand and its
 * account, and for a private reply the 7 days after the comment. Null when the reply may go.
 */
export function decideCommentReply(
  comment: CommentContext,
  kind: CommentReplyKind,
  options: { now: Date },
): GuardRefusal | null {
  const brandRefusal = refuseForBrand(comment);
  if (brandRefusal) return brandRefusal;
  if (
    kind === 'private_reply' &&
    options.now.getTime() - comment.createdAt.getTime() > privateReplyWindowMs
  ) {
    return {
      allowed: false,
      code: 'private_reply_expired',
      reason: 'The comment is more than 7 days old: Instagram no longer allows a private reply.',
    };
  }
  return null;
}
