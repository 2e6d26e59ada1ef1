import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { ruleActionSchema, ruleTriggerSchema } from '#contracts/automation.ts';
import { defaultBrandPersonality } from '#contracts/dashboard.ts';
import { paths } from '#contracts/paths.ts';
import { findSavedPersonality } from '#server/brand-personality.ts';
import type { Database } from '#server/db/client.ts';
import { notifyAboutBrand } from '#server/notifications/notify.ts';
import {
  assistantTraces,
  automationRules,
  brandAssistantSettings,
  brands,
  comments,
  conversations,
  messages,
  type AssistantTraceRow,
} from '#server/db/schema/index.ts';
import type { ConversationState, HistoryTurn, Personality, StoredRule } from './types.ts';

/** How much of the conversation the assistant reads: enough for follow-ups, bounded for speed. */
const HISTORY_TURNS = 12;

/** Stored rule configs as the assistant runs them: a rule whose config does not parse is skipped, not fatal. */
function parseRules(
  rows: {
    id: string;
    name: string;
    active: boolean;
    createdAt: Date;
    triggerConfig: unknown;
    actionConfig: unknown;
  }[],
): StoredRule[] {
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

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export interface MessageEventContext {
  answered: boolean;
  message: { id: string; conversationId: string; createdAt: Date; content: string };
  conversation: { id: string; status: string; handledBy: string; customerUsername: string };
  brand: { id: string; name: string; active: boolean };
  personality: Personality;
  discloseAutomation: boolean;
  rules: StoredRule[];
  /** Earlier customer messages of the conversation still without an answer (see countEarlierUnanswered). */
  earlierUnanswered: number;
  history: HistoryTurn[];
  /** The conversation's state as this message found it (a replay reads the state from before its first run). */
  state: ConversationState | null;
}

/**
 * Everything the assistant reads to answer one customer message, in one round trip: whether it is answered
 * already, the message, its conversation, the brand with its personality, settings and rules, the turns
 * before it and how many earlier messages still wait for their answer. Null when it is not a customer message.
 */
export async function loadMessageEvent(db: Database, messageId: string): Promise<MessageEventContext | null> {
  const result = (await db.execute(sql`
    select m.id, m.conversation_id as "conversationId", m.created_at as "createdAt", m.content,
      c.status, c.handled_by as "handledBy", c.customer_username as "customerUsername",
      b.id as "brandId", b.name as "brandName", b.active as "brandActive",
      p.archetype, p.tone, p.voice_description as "voiceDescription", p.example_responses as "exampleResponses",
      coalesce(s.disclose_automation, true) as "discloseAutomation",
      exists (select 1 from assistant_traces t where t.event_key = 'message:' || m.id::text) as answered,
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'active', r.active,
          'createdAt', r.created_at, 'triggerConfig', r.trigger_config, 'actionConfig', r.action_config)
          order by r.created_at, r.id), '[]'::json)
        from automation_rules r where r.brand_id = b.id) as rules,
      (select count(*)::int from messages e
        where e.conversation_id = m.conversation_id and e.sender = 'customer'
          and (e.created_at < m.created_at or (e.created_at = m.created_at and e.id < m.id))
          and e.created_at > now() - interval '10 minutes'
          and not exists (select 1 from assistant_traces t where t.event_key = 'message:' || e.id::text)
      ) as "earlierUnanswered",
      (select coalesce(json_agg(json_build_object('sender', h.sender, 'content', h.content)
          order by h.created_at, h.id), '[]'::json)
        from (select sender, content, created_at, id from messages h
          where h.conversation_id = m.conversation_id
            and (h.created_at < m.created_at or (h.created_at = m.created_at and h.id < m.id))
          order by h.created_at desc, h.id desc limit ${HISTORY_TURNS}) h) as history,
      (select case when cs.event_key = 'message:' || m.id::text then cs.previous else cs.state end
        from assistant_conversation_state cs where cs.conversation_id = m.conversation_id) as "conversationState"
    from messages m
    join conversations c on c.id = m.conversation_id
    join brands b on b.id = m.brand_id
    left join brand_personalities p on p.brand_id = b.id
    left join brand_assistant_settings s on s.brand_id = b.id
    where m.id = ${messageId} and m.sender = 'customer'
  `)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return null;
  const rules = fromJson<{ createdAt: string; [key: string]: unknown }[]>(row.rules).map((rule) => ({
    ...(rule as unknown as Parameters<typeof parseRules>[0][number]),
    createdAt: new Date(rule.createdAt),
  }));
  return {
    answered: Boolean(row.answered),
    message: {
      id: String(row.id),
      conversationId: String(row.conversationId),
      createdAt: new Date(row.createdAt as string | Date),
      content: String(row.content),
    },
    conversation: {
      id: String(row.conversationId),
      status: String(row.status),
      handledBy: String(row.handledBy),
      customerUsername: String(row.customerUsername),
    },
    brand: { id: String(row.brandId), name: String(row.brandName), active: Boolean(row.brandActive) },
    personality:
      row.archetype === null || row.archetype === undefined
        ? { ...defaultBrandPersonality }
        : ({
            archetype: row.archetype,
            tone: row.tone,
            voiceDescription: row.voiceDescription,
            exampleResponses: row.exampleResponses,
          } as Personality),
    discloseAutomation: Boolean(row.discloseAutomation),
    rules: parseRules(rules),
    earlierUnanswered: Number(row.earlierUnanswered),
    history: fromJson<HistoryTurn[]>(row.history),
    state: row.conversationState ? fromJson<ConversationState>(row.conversationState) : null,
  };
}

/**
 * Keeps the conversation's state after `eventKey`'s reply. The state before it moves to `previous`, unless this is
 * a replay of the same event (then `previous` stays what it was).
 */
export async function saveConversationState(
  db: Database,
  conversationId: string,
  eventKey: string,
  state: ConversationState,
): Promise<void> {
  await db.execute(sql`
    insert into assistant_conversation_state (conversation_id, state, previous, event_key, updated_at)
    values (${conversationId}, ${JSON.stringify(state)}::jsonb, null, ${eventKey}, now())
    on conflict (conversation_id) do update set
      previous = case when assistant_conversation_state.event_key = excluded.event_key
        then assistant_conversation_state.previous else assistant_conversation_state.state end,
      state = excluded.state,
      event_key = excluded.event_key,
      updated_at = now()
  `);
}

export async function findBrand(db: Database, brandId: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, active: brands.active, userId: brands.userId })
    .from(brands)
    .where(eq(brands.id, brandId))
    .limit(1);
  return row ?? null;
}

export async function findPersonality(db: Database, brandId: string): Promise<Personality> {
  return (
    ((await findSavedPersonality(db, brandId)) as Personality | undefined) ?? { ...defaultBrandPersonality }
  );
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
  return parseRules(rows);
}

export async function findDiscloseAutomation(db: Database, brandId: string): Promise<boolean> {
  const [row] = await db
    .select({ disclose: brandAssistantSettings.discloseAutomation })
    .from(brandAssistantSettings)
    .where(eq(brandAssistantSettings.brandId, brandId))
    .limit(1);
  return row?.disclose ?? true;
}

/** Insert or replace the brand's settings row; the caller checked that the brand is the user's. */
export async function upsertAssistantSettings(
  db: Database,
  brandId: string,
  settings: { discloseAutomation: boolean },
): Promise<{ discloseAutomation: boolean }> {
  const now = new Date();
  const [row] = await db
    .insert(brandAssistantSettings)
    .values({ brandId, discloseAutomation: settings.discloseAutomation, updatedAt: now })
    .onConflictDoUpdate({
      target: brandAssistantSettings.brandId,
      set: { discloseAutomation: settings.discloseAutomation, updatedAt: now },
    })
    .returning({ discloseAutomation: brandAssistantSettings.discloseAutomation });
  return row!;
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
      mediaId: comments.mediaId,
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

/**
 * Hands the conversation to a person and tells the workspace's members, in one transaction. The notification is
 * keyed by the assistant event that escalated (decision 045): a retried job escalates again but notifies nobody
 * twice.
 */
export async function escalateConversation(
  db: Database,
  conversationId: string,
  eventKey: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ status: 'escalated' })
      .where(eq(conversations.id, conversationId))
      .returning({ brandId: conversations.brandId, username: conversations.customerUsername });
    if (!row) return;
    const query = new URLSearchParams({ brand: row.brandId, conversation: conversationId });
    await notifyAboutBrand(tx, row.brandId, {
      kind: 'conversation_escalated',
      title: `@${row.username} needs a person: the assistant handed the conversation over.`,
      link: `${paths.dashboard.conversations}?${query}`,
      audience: 'all',
      sourceKey: `escalation:${eventKey}`,
    });
  });
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
