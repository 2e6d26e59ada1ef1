import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describeAction, describeTrigger } from '#contracts/automation.ts';
import type {
  CommentReplyInput,
  ConversationState,
  DraftReply,
  SendResult,
  SendWindow,
  UpdatePersonalityInput,
} from '#contracts/dashboard-actions.ts';
import type {
  createBrandInputSchema,
  createRuleInputSchema,
  updateBrandInputSchema,
  updateConversationInputSchema,
  updateRuleInputSchema,
} from '#contracts/dashboard-actions.ts';
import type { AutomationRule, Brand, BrandPersonality } from '#contracts/dashboard.ts';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import {
  automationRules,
  brandPersonalities,
  brands,
  comments,
  conversations,
  type AutomationRuleRow,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import type { ChannelOutbound, DashboardPorts } from './ports.ts';

const brandNotFound = () => new AppError('NOT_FOUND', 'Brand not found');
const ruleNotFound = () => new AppError('NOT_FOUND', 'Automation rule not found');
const conversationNotFound = () => new AppError('NOT_FOUND', 'Conversation not found');
const commentNotFound = () => new AppError('NOT_FOUND', 'Comment not found');
const ruleNameTaken = (name: string) =>
  new AppError('CONFLICT', `This brand already has a rule named "${name}"`, [
    { path: 'name', message: 'is already used by another rule of this brand' },
  ]);
const unavailable = (what: string) =>
  new AppError('SERVICE_UNAVAILABLE', `${what} is not available on this server yet.`);

const brandColumns = {
  id: brands.id,
  name: brands.name,
  username: brands.username,
  active: brands.active,
  instagramConnected: brands.instagramConnected,
  shopifyConnected: brands.shopifyConnected,
};

const toRule = (row: AutomationRuleRow): AutomationRule => ({
  id: row.id,
  name: row.name,
  trigger: row.trigger,
  action: row.action,
  active: row.active,
  triggerConfig: row.triggerConfig,
  actionConfig: row.actionConfig,
});

/** The rule row owned by the user (through its brand), or undefined. */
const ownedRule = (userId: string, ruleId: string) =>
  and(
    eq(automationRules.id, ruleId),
    sql`exists (select 1 from ${brands} where ${brands.id} = ${automationRules.brandId} and ${brands.userId} = ${userId})`,
  );
const ownedConversation = (userId: string, conversationId: string) =>
  and(
    eq(conversations.id, conversationId),
    sql`exists (select 1 from ${brands} where ${brands.id} = ${conversations.brandId} and ${brands.userId} = ${userId})`,
  );

/**
 * The dashboard's writes (issue 12). Each one is a single statement scoped to the signed-in user, so another
 * user's id is answered like a missing one (404) and a refused write changes nothing. Sends go through the
 * channel's outbound path and drafts through the assistant, both passed in (ports.ts).
 */
/** Ceilings on what one account creates (settings MAX_BRANDS_PER_WORKSPACE and MAX_RULES_PER_BRAND). */
export interface DashboardLimits {
  brandsPerWorkspace: number;
  rulesPerBrand: number;
}
const defaultLimits: DashboardLimits = { brandsPerWorkspace: 200, rulesPerBrand: 100 };

export function createDashboardActions({
  db,
  channel,
  drafts,
  limits = defaultLimits,
}: { db: Database; limits?: DashboardLimits } & DashboardPorts) {
  async function requireBrand(userId: string, brandId: string) {
    const [row] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, brandId), eq(brands.userId, userId)));
    if (!row) throw brandNotFound();
  }

  async function requireConversation(userId: string, conversationId: string) {
    const [row] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(ownedConversation(userId, conversationId));
    if (!row) throw conversationNotFound();
  }

  function requireChannel(): ChannelOutbound {
    if (!channel) throw unavailable('Sending through Instagram');
    return channel;
  }

  return {
    async createBrand(userId: string, input: z.output<typeof createBrandInputSchema>): Promise<Brand> {
      // A ceiling, not an exact count under concurrent creates: it keeps one account from filling the database.
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(brands)
        .where(eq(brands.userId, userId));
      if (n >= limits.brandsPerWorkspace) {
        throw new AppError(
          'CONFLICT',
          `You have reached the limit of ${limits.brandsPerWorkspace} brands; delete one to add another`,
        );
      }
      const [row] = await db
        .insert(brands)
        .values({ userId, name: input.name, username: input.username })
        .returning(brandColumns);
      return row!;
    },

    async updateBrand(
      userId: string,
      brandId: string,
      input: z.output<typeof updateBrandInputSchema>,
    ): Promise<Brand> {
      const [row] = await db
        .update(brands)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(brands.id, brandId), eq(brands.userId, userId)))
        .returning(brandColumns);
      if (!row) throw brandNotFound();
      return row;
    },

    /** Its conversations, messages, comments, personality, rules and connections go with it (foreign keys). */
    async deleteBrand(userId: string, brandId: string): Promise<void> {
      const deleted = await db
        .delete(brands)
        .where(and(eq(brands.id, brandId), eq(brands.userId, userId)))
        .returning({ id: brands.id });
      if (deleted.length === 0) throw brandNotFound();
    },

    async savePersonality(
      userId: string,
      brandId: string,
      input: UpdatePersonalityInput,
    ): Promise<BrandPersonality> {
      await requireBrand(userId, brandId);
      const now = new Date();
      await db
        .insert(brandPersonalities)
        .values({ brandId, ...input, updatedAt: now })
        .onConflictDoUpdate({ target: brandPersonalities.brandId, set: { ...input, updatedAt: now } });
      return { brandId, ...input, saved: true };
    },

    async createRule(
      userId: string,
      brandId: string,
      input: z.output<typeof createRuleInputSchema>,
    ): Promise<AutomationRule> {
      await requireBrand(userId, brandId);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(automationRules)
        .where(eq(automationRules.brandId, brandId));
      if (n >= limits.rulesPerBrand) {
        throw new AppError(
          'CONFLICT',
          `This brand has reached the limit of ${limits.rulesPerBrand} rules; delete one to add another`,
        );
      }
      try {
        const [row] = await db
          .insert(automationRules)
          .values({
            brandId,
            name: input.name,
            triggerConfig: input.triggerConfig,
            actionConfig: input.actionConfig,
            trigger: describeTrigger(input.triggerConfig),
            action: describeAction(input.actionConfig),
            active: input.active,
          })
          .returning();
        return toRule(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw ruleNameTaken(input.name);
        throw error;
      }
    },

    async updateRule(
      userId: string,
      ruleId: string,
      input: z.output<typeof updateRuleInputSchema>,
    ): Promise<AutomationRule> {
      try {
        const [row] = await db
          .update(automationRules)
          .set({
            ...input,
            // The readable texts are always generated from the configs (decision 014).
            ...(input.triggerConfig ? { trigger: describeTrigger(input.triggerConfig) } : {}),
            ...(input.actionConfig ? { action: describeAction(input.actionConfig) } : {}),
          })
          .where(ownedRule(userId, ruleId))
          .returning();
        if (!row) throw ruleNotFound();
        return toRule(row);
      } catch (error) {
        if (isUniqueViolation(error) && input.name) throw ruleNameTaken(input.name);
        throw error;
      }
    },

    async deleteRule(userId: string, ruleId: string): Promise<void> {
      const deleted = await db
        .delete(automationRules)
        .where(ownedRule(userId, ruleId))
        .returning({ id: automationRules.id });
      if (deleted.length === 0) throw ruleNotFound();
    },

    /** Archive, Mark Resolved, Escalate; `active` is "Hand back to AI" (the assistant answers again). */
    async updateConversation(
      userId: string,
      conversationId: string,
      input: z.output<typeof updateConversationInputSchema>,
    ): Promise<ConversationState> {
      const [row] = await db
        .update(conversations)
        .set({ status: input.status, ...(input.status === 'active' ? { handledBy: 'assistant' } : {}) })
        .where(ownedConversation(userId, conversationId))
        .returning({
          id: conversations.id,
          status: conversations.status,
          handledBy: conversations.handledBy,
        });
      if (!row) throw conversationNotFound();
      return { ...row, handledBy: row.handledBy === 'person' ? 'person' : 'assistant' };
    },

    async getSendWindow(userId: string, conversationId: string): Promise<SendWindow> {
      await requireConversation(userId, conversationId);
      return requireChannel().checkDirectMessageWindow({ conversationId, origin: 'person' });
    },

    /** A person's reply (sender `agent`); the channel's guard refuses with 409 naming why. */
    async sendMessage(
      userId: string,
      conversationId: string,
      content: string,
      idempotencyKey: string | undefined,
    ): Promise<SendResult> {
      await requireConversation(userId, conversationId);
      const result = await requireChannel().sendDirectMessage({
        conversationId,
        text: content,
        origin: 'person',
        idempotencyKey: `person:${idempotencyKey ?? randomUUID()}`,
      });
      return toSendResult(result);
    },

    async draftReply(userId: string, conversationId: string): Promise<DraftReply> {
      await requireConversation(userId, conversationId);
      if (!drafts) throw unavailable('The assistant');
      const { reply } = await drafts.draftReply({ conversationId });
      return { reply };
    },

    async replyToComment(
      userId: string,
      commentId: string,
      input: CommentReplyInput,
      idempotencyKey: string | undefined,
    ): Promise<SendResult> {
      const [row] = await db
        .select({ id: comments.id })
        .from(comments)
        .innerJoin(brands, eq(brands.id, comments.brandId))
        .where(and(eq(comments.id, commentId), eq(brands.userId, userId)));
      if (!row) throw commentNotFound();
      const result = await requireChannel().sendCommentReply({
        commentId,
        text: input.content,
        visibility: input.visibility,
        origin: 'person',
        idempotencyKey: `person:${idempotencyKey ?? randomUUID()}`,
      });
      return toSendResult(result);
    },
  };
}

function toSendResult(result: SendResult): SendResult {
  return {
    status: result.status,
    messageIds: result.messageIds,
    duplicate: result.duplicate,
    ...(result.error ? { error: result.error } : {}),
  };
}

export type DashboardActions = ReturnType<typeof createDashboardActions>;
