import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { ruleActionSchema, ruleTriggerSchema } from '#contracts/automation.ts';
import { defaultBrandPersonality } from '#contracts/dashboard.ts';
import type { Database } from '#server/db/client.ts';
import {
  assistantTraces,
  automationRules,
  brandAssistantSettings,
  brandPersonalities,
  brands,
  comments,
  conversations,
  messages,
  type AssistantTraceRow,
} from '#server/db/schema/index.ts';
import type { HistoryTurn, Personality, StoredRule } from './types.ts';

/** How much of the conversation the assistant reads: enough for follow-ups, bounded for speed. */
const HISTORY_TURNS = 12;

export async function findBrand(db: Database, brandId: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, active: brands.active, userId: brands.userId })
    .from(brands)
    .where(eq(brands.id, brandId))
    .limit(1);
  return row ?? null;
}

export async function findPersonality(db: Database, brandId: string): Promise<Personality> {
  const [row] = await db
    .select({
      archetype: brandPersonalities.archetype,
      tone: brandPersonalities.tone,
      voiceDescription: brandPersonalities.voiceDescription,
      exampleResponses: brandPersonalities.exampleResponses,
    })
    .from(brandPersonalities)
    .where(eq(brandPersonalities.brandId, brandId))
    .limit(1);
  return (row as Personality | undefined) ?? { ...defaultBrandPersonality };
}

/** The brand's rules with valid structured configs (a rule whose config does not parse is skipped, not fatal). */
export async function listRules(db: Database, brandId: string): Promise<StoredRule[]> {
  const rows = await db
    .select({
      id: automationRules.id,
      name: automationRules.name,
      active: automationRules.active,
      createdAt: automationRules.createdAt,
      triggerConfig: automationRules.triggerConfig,
      actionConfig: automationRules.actionConfig,
    })
    .from(automationRules)
    .where(eq(automationRules.brandId, brandId))
    .orderBy(asc(automationRules.createdAt), asc(automationRules.id));
  const rules: StoredRule[] = [];
  for (const row of rows) {
    const trigger = ruleTriggerSchema.safeParse(row.triggerConfig);
    const action = ruleActionSchema.safeParse(row.actionConfig);
    if (trigger.success && action.success) {
      rules.push({
        id: row.id,
        name: row.name,
        active: row.active,
        createdAt: row.createdAt,
        trigger: trigger.data,
        action: action.data,
      });
    }
  }
  return rules;
}

export async function findDiscloseAutomation(db: Database, brandId: string): Promise<boolean> {
  const [row] = await db
    .select({ disclose: brandAssistantSettings.discloseAutomation })
    .from(brandAssistantSettings)
    .where(eq(brandAssistantSettings.brandId, brandId))
    .limit(1);
  return row?.disclose ?? true;
}

export async function findMessage(db: Database, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      brandId: messages.brandId,
      sender: messages.sender,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ?? null;
}

export async function findConversation(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      brandId: conversations.brandId,
      status: conversations.status,
      customerUsername: conversations.customerUsername,
      handledBy: conversations.handledBy,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}

export async function findComment(db: Database, commentId: string) {
  const [row] = await db
    .select({
      id: comments.id,
      brandId: comments.brandId,
      username: comments.username,
      content: comments.content,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return row ?? null;
}

/** The turns before a message (oldest first); `before` undefined means the whole recent conversation. */
export async function listHistory(
  db: Database,
  conversationId: string,
  before?: { createdAt: Date; id: string },
): Promise<HistoryTurn[]> {
  const rows = await db
    .select({ sender: messages.sender, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before
          ? or(
              lt(messages.createdAt, before.createdAt),
              and(eq(messages.createdAt, before.createdAt), lt(messages.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_TURNS);
  return rows.reverse();
}

/**
 * Earlier customer messages of the conversation that have no trace yet (still being answered, or queued).
 * The worker waits for them, so replies go out in the order the buyer wrote.
 */
export async function countEarlierUnanswered(
  db: Database,
  message: { id: string; conversationId: string; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, message.conversationId),
        eq(messages.sender, 'customer'),
        or(
          lt(messages.createdAt, message.createdAt),
          and(eq(messages.createdAt, message.createdAt), lt(messages.id, message.id)),
        ),
        sql`${messages.createdAt} > now() - interval '10 minutes'`,
        sql`not exists (select 1 from ${assistantTraces} where ${assistantTraces.eventKey} = 'message:' || ${messages.id}::text)`,
      ),
    );
  return row?.count ?? 0;
}

export async function escalateConversation(db: Database, conversationId: string): Promise<void> {
  await db.update(conversations).set({ status: 'escalated' }).where(eq(conversations.id, conversationId));
}

export type NewTrace = Omit<typeof assistantTraces.$inferInsert, 'id' | 'createdAt'>;

/** One trace per event: a replay (retry after a crash) keeps the first row. */
export async function insertTrace(db: Database, trace: NewTrace): Promise<void> {
  await db.insert(assistantTraces).values(trace).onConflictDoNothing({ target: assistantTraces.eventKey });
}

export async function findTraceByEvent(db: Database, eventKey: string): Promise<AssistantTraceRow | null> {
  const [row] = await db
    .select()
    .from(assistantTraces)
    .where(eq(assistantTraces.eventKey, eventKey))
    .limit(1);
  return row ?? null;
}
