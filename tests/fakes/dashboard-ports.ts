import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { conversations } from '#server/db/schema/index.ts';
import type { AssistantDrafts } from '#server/modules/dashboard/ports.ts';

/**
 * A stand-in for the assistant's drafts (issue 11) until it is merged: a reply that names the customer, so a
 * test can tell the draft was made for that conversation. The lead wires the real AssistantDrafts in runtime.ts.
 */
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
