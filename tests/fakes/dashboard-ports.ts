import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { comments, conversations, messages } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import type { AssistantDrafts, ChannelOutbound, OutboundResult } from '#server/modules/dashboard/ports.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Stand-ins for the dashboard's ports until the channel (issue 9) and the assistant (issue 11) are merged:
 * a channel that stores what it "sends" in the real tables with Instagram's window rules (24 hours after the
 * customer's last message; a person may answer up to 7 days with the human agent tag), and drafts that quote
 * the customer's last message. The lead replaces them with the real providers at merge (runtime.ts).
 */
export function createDatabaseChannel(
  db: Database,
): ChannelOutbound & { sent: { kind: string; text: string }[] } {
  const sent: { kind: string; text: string }[] = [];
  const results = new Map<string, OutboundResult>();

  async function window(conversationId: string, origin: 'assistant' | 'person') {
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!conversation) throw new AppError('NOT_FOUND', 'Conversation not found');
    if (
      origin === 'assistant' &&
      (conversation.status === 'escalated' || conversation.handledBy === 'person')
    ) {
      return {
        allowed: false as const,
        code: 'person_owned',
        reason: 'A person on your team has this conversation.',
      };
    }
    const [last] = await db
      .select({ createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.sender, 'customer')))
      .orderBy(desc(messages.createdAt))
      .limit(1);
    if (!last) {
      return {
        allowed: false as const,
        code: 'no_customer_message',
        reason: 'The customer has not written yet.',
      };
    }
    const age = Date.now() - last.createdAt.getTime();
    if (age <= 24 * HOUR_MS) {
      return {
        allowed: true as const,
        humanAgentTag: false,
        closesAt: new Date(last.createdAt.getTime() + 24 * HOUR_MS).toISOString(),
      };
    }
    if (origin === 'person' && age <= 7 * 24 * HOUR_MS) {
      return {
        allowed: true as const,
        humanAgentTag: true,
        closesAt: new Date(last.createdAt.getTime() + 7 * 24 * HOUR_MS).toISOString(),
      };
    }
    return {
      allowed: false as const,
      code: 'window_closed',
      reason: "Instagram allows replies only within 7 days of the customer's last message.",
    };
  }

  return {
    sent,
    checkDirectMessageWindow: ({ conversationId, origin }) => window(conversationId, origin),
    async sendDirectMessage(input) {
      const previous = results.get(input.idempotencyKey);
      if (previous) return { ...previous, duplicate: true };
      const check = await window(input.conversationId, input.origin);
      if (!check.allowed) throw new AppError('CONFLICT', check.reason);
      const [conversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.id, input.conversationId));
      const [row] = await db
        .insert(messages)
        .values({
          conversationId: input.conversationId,
          brandId: conversation!.brandId,
          instagramMessageId: `fake-mid-${randomUUID()}`,
          sender: input.origin === 'person' ? 'agent' : 'ai',
          content: input.text,
          inventoryChecked: input.inventoryChecked ?? false,
        })
        .returning({ id: messages.id });
      await db
        .update(conversations)
        .set({ lastMessageAt: new Date(), ...(input.origin === 'person' ? { handledBy: 'person' } : {}) })
        .where(eq(conversations.id, input.conversationId));
      sent.push({ kind: 'dm', text: input.text });
      const result: OutboundResult = { status: 'sent', messageIds: [row!.id], duplicate: false };
      results.set(input.idempotencyKey, result);
      return result;
    },
    async sendCommentReply(input) {
      const previous = results.get(input.idempotencyKey);
      if (previous) return { ...previous, duplicate: true };
      const [comment] = await db.select().from(comments).where(eq(comments.id, input.commentId));
      if (!comment) throw new AppError('NOT_FOUND', 'Comment not found');
      if (comment.replied && input.visibility === 'private') {
        throw new AppError('CONFLICT', 'Instagram allows one private reply per comment.');
      }
      await db
        .update(comments)
        .set({ replied: true, replyContent: input.text })
        .where(eq(comments.id, input.commentId));
      sent.push({ kind: `comment-${input.visibility}`, text: input.text });
      const result: OutboundResult = { status: 'sent', messageIds: [], duplicate: false };
      results.set(input.idempotencyKey, result);
      return result;
    },
  };
}

/** Drafts that answer the customer's last message by name, so a test can tell the draft came from it. */
export function createQuotingDrafts(db: Database): AssistantDrafts {
  return {
    async draftReply({ conversationId }) {
      const [conversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      return {
        reply: `Hi ${conversation?.customerUsername ?? 'there'}! Thanks for your message, we're on it.`,
        trace: { source: 'tests/fakes/dashboard-ports.ts' },
      };
    },
  };
}
