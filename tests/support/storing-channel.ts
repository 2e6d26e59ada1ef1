import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { conversations, messages } from '#server/db/schema/index.ts';
import type { ChannelOutbound } from '#server/modules/assistant/ports.ts';

/**
 * The assistant's channel with Instagram left out: it stores each AI message as the channel's outbound path does,
 * deduplicating on the idempotency key, and keeps what it was asked to send in `sends`. The window is always open.
 */
export function createStoringChannel(
  db: Database,
): ChannelOutbound & { sends: { key: string; text: string }[] } {
  const sends: { key: string; text: string }[] = [];
  const byKey = new Map<string, string>();
  return {
    sends,
    async checkDirectMessageWindow() {
      return { allowed: true, humanAgentTag: false, closesAt: null };
    },
    async sendDirectMessage(input) {
      const existing = byKey.get(input.idempotencyKey);
      if (existing) return { status: 'sent', messageIds: [existing], duplicate: true };
      const [conversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.id, input.conversationId));
      const [row] = await db
        .insert(messages)
        .values({
          conversationId: input.conversationId,
          brandId: conversation!.brandId,
          sender: 'ai',
          content: input.text,
          inventoryChecked: input.inventoryChecked ?? false,
        })
        .returning({ id: messages.id });
      byKey.set(input.idempotencyKey, row!.id);
      sends.push({ key: input.idempotencyKey, text: input.text });
      return { status: 'sent', messageIds: [row!.id], duplicate: false };
    },
    async sendCommentReply(input) {
      sends.push({ key: input.idempotencyKey, text: input.text });
      return { status: 'sent', messageIds: [], duplicate: false };
    },
  };
}
