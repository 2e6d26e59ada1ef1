import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
import type { z } from '#contracts/zod.ts';
import {
  authorize,
  authorizeWorkspace,
  memberMay,
  refusal,
  type AccessTarget,
} from '#server/access/brand-access.ts';
import { recordAudit } from '#server/access/audit.ts';
import type { Action } from '#server/access/policy.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import {
  automationRules,
  brandPersonalities,
  brands,
  conversationReads,
  conversations,
  type AutomationRuleRow,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import type { ChannelOutbound, DashboardPorts } from './ports.ts';
import { brandColumns } from './queries.ts';

const ruleNameTaken = (name: string) =>
  new AppError('CONFLICT', `This brand already has a rule named "${name}"`, [
    { path: 'name', message: 'is already used by another rule of this brand' },
  ]);
const unavailable = (what: string) =>
  new AppError('SERVICE_UNAVAILABLE', `${what} is not available on this server yet.`);

const toRule = (row: AutomationRuleRow): AutomationRule => ({
  id: row.id,
  name: row.name,
  trigger: row.trigger,
  action: row.action,
  active: row.active,
  triggerConfig: row.triggerConfig,
  actionConfig: row.actionConfig,
});

/** The rule, when the caller may do the action on its brand (the access policy, in the statement). */
const allowedRule = (userId: string, action: Action, ruleId: string) =>
  and(
    eq(automationRules.id, ruleId),
    sql`exists (select 1 from ${brands} where ${brands.id} = ${automationRules.brandId}
      and ${memberMay(userId, action, brands.workspaceId)})`,
  );
const allowedConversation = (userId: string, action: Action, conversationId: string) =>
  and(
    eq(conversations.id, conversationId),
    sql`exists (select 1 from ${brands} where ${brands.id} = ${conversations.brandId}
      and ${memberMay(userId, action, brands.workspaceId)})`,
  );
const allowedBrand = (userId: string, action: Action, brandId: string) =>
  and(eq(brands.id, brandId), memberMay(userId, action, brands.workspaceId));

/**
 * The dashboard's writes. Each one asks the access policy (server/access/, decision 030): writes that
 * are one statement carry the check inside it, so a refused write changes nothing; the others authorize first.
 * A brand of a workspace the caller is not in is answered like a missing one (404); a role that may see but not
 * do gets 403. Sends go through the channel's outbound path and drafts through the assistant (ports.ts).
 */
/** Ceilings on what one account creates (settings MAX_BRANDS_PER_WORKSPACE and MAX_RULES_PER_BRAND). */
export interface DashboardLimits {
  brandsPerWorkspace: number;
  rulesPerBrand: number;
}
/**
 * A person's send key, apart from the assistant's: the client's Idempotency-Key makes a retried click one send;
 * without one, each request is its own send.
 */
const personSendKey = (idempotencyKey: string | undefined) => `person:${idempotencyKey ?? randomUUID()}`;

const defaultLimits: DashboardLimits = { brandsPerWorkspace: 200, rulesPerBrand: 100 };

export function createDashboardActions({
  db,
  channel,
  drafts,
  limits = defaultLimits,
}: { db: Database; limits?: DashboardLimits } & DashboardPorts) {
  /** The error for a guarded statement that changed nothing. */
  async function refused(userId: string, action: Action, target: AccessTarget): Promise<AppError> {
    return (
      (await refusal(db, userId, action, target)) ??
      // It was allowed by the time we looked: the row went away in between.
      new AppError('NOT_FOUND', 'Not found')
    );
  }

  function requireChannel(): ChannelOutbound {
    if (!channel) throw unavailable('Sending through Instagram');
    return channel;
  }

  /**
   * One Instagram account answers for one brand: a second brand of the workspace with the same username would
   * split its DMs. Checked before the write (usernames are stored lower case); only brands the caller can see are
   * named, so nothing leaks from other workspaces.
   */
  async function refuseTakenUsername(workspaceId: string, username: string, exceptBrandId: string | null) {
    const [taken] = await db
      .select({ name: brands.name })
      .from(brands)
      .where(
        and(
          eq(brands.workspaceId, workspaceId),
          eq(brands.username, username),
          exceptBrandId ? ne(brands.id, exceptBrandId) : undefined,
        ),
      )
      .limit(1);
    if (taken)
      throw new AppError(
        'CONFLICT',
        `@${username} is already the Instagram account of your brand "${taken.name}". Each brand needs its own account.`,
      );
  }

  /**
   * A ceiling on what one owner holds (a workspace's brands, a brand's rules), refused with 409 once reached. Not
   * an exact count under concurrent creates: it keeps one owner from filling the database.
   */
  async function refuseAtLimit(
    table: PgTable,
    ownerColumn: PgColumn,
    ownerId: string,
    limit: number,
    owner: string,
    things: string,
  ) {
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(ownerColumn, ownerId));
    if (n >= limit) {
      throw new AppError(
        'CONFLICT',
        `This ${owner} has reached the limit of ${limit} ${things}; delete one to add another`,
      );
    }
  }

  return {
    /** In the workspace given (the session's current one), when the caller's role there may create brands. */
    async createBrand(
      userId: string,
      workspaceId: string,
      input: z.output<typeof createBrandInputSchema>,
    ): Promise<Brand> {
      await authorizeWorkspace(db, userId, 'brand.create', workspaceId);
      await refuseAtLimit(
        brands,
        brands.workspaceId,
        workspaceId,
        limits.brandsPerWorkspace,
        'workspace',
        'brands',
      );
      await refuseTakenUsername(workspaceId, input.username, null);
      const [row] = await db
        .insert(brands)
        .values({ workspaceId, userId, name: input.name, username: input.username })
        .returning(brandColumns);
      return row!;
    },

    async updateBrand(
      userId: string,
      brandId: string,
      input: z.output<typeof updateBrandInputSchema>,
    ): Promise<Brand> {
      if (input.username !== undefined) {
        const { workspaceId } = await authorize(db, userId, 'brand.update', { brandId });
        await refuseTakenUsername(workspaceId, input.username, brandId);
      }
      const [row] = await db
        .update(brands)
        .set({ ...input, updatedAt: new Date() })
        .where(allowedBrand(userId, 'brand.update', brandId))
        .returning(brandColumns);
      if (!row) throw await refused(userId, 'brand.update', { brandId });
      return row;
    },

    /** Its conversations, messages, comments, personality, rules and connections go with it (foreign keys). */
    /** `ip`: the client address, for the audit log (decision 042), written in the deletion's transaction. */
    async deleteBrand(userId: string, brandId: string, ip: string | null = null): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(brands)
          .where(allowedBrand(userId, 'brand.delete', brandId))
          .returning({
            id: brands.id,
            name: brands.name,
            username: brands.username,
            workspaceId: brands.workspaceId,
          });
        if (row) {
          await recordAudit(tx, {
            workspaceId: row.workspaceId,
            actorUserId: userId,
            action: 'brand.deleted',
            target: row.name,
            detail: { brandId: row.id, username: row.username },
            ip,
          });
        }
        return row;
      });
      if (!deleted) throw await refused(userId, 'brand.delete', { brandId });
    },

    async savePersonality(
      userId: string,
      brandId: string,
      input: UpdatePersonalityInput,
    ): Promise<BrandPersonality> {
      await authorize(db, userId, 'assistant.configure', { brandId });
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
      await authorize(db, userId, 'assistant.configure', { brandId });
      await refuseAtLimit(
        automationRules,
        automationRules.brandId,
        brandId,
        limits.rulesPerBrand,
        'brand',
        'rules',
      );
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
          .where(allowedRule(userId, 'assistant.configure', ruleId))
          .returning();
        if (!row) throw await refused(userId, 'assistant.configure', { ruleId });
        return toRule(row);
      } catch (error) {
        if (isUniqueViolation(error) && input.name) throw ruleNameTaken(input.name);
        throw error;
      }
    },

    async deleteRule(userId: string, ruleId: string): Promise<void> {
      const deleted = await db
        .delete(automationRules)
        .where(allowedRule(userId, 'assistant.configure', ruleId))
        .returning({ id: automationRules.id });
      if (deleted.length === 0) throw await refused(userId, 'assistant.configure', { ruleId });
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
        .where(allowedConversation(userId, 'inbox.reply', conversationId))
        .returning({
          id: conversations.id,
          status: conversations.status,
          handledBy: conversations.handledBy,
        });
      if (!row) throw await refused(userId, 'inbox.reply', { conversationId });
      return { ...row, handledBy: row.handledBy === 'person' ? 'person' : 'assistant' };
    },

    /**
     * The conversation is read for this person up to its newest buyer message (one statement, the access check
     * inside). Never moves back, so an older tab marking late cannot make a newer message read or unread.
     */
    async markRead(userId: string, conversationId: string): Promise<void> {
      const [row] = await db
        .insert(conversationReads)
        .select(
          db
            .select({
              userId: sql<string>`${userId}::uuid`.as('user_id'),
              conversationId: conversations.id,
              readAt: sql<Date>`coalesce(${conversations.lastCustomerMessageAt}, now())`.as('read_at'),
            })
            .from(conversations)
            .where(allowedConversation(userId, 'brand.read', conversationId)),
        )
        .onConflictDoUpdate({
          target: [conversationReads.userId, conversationReads.conversationId],
          set: { readAt: sql`greatest(${conversationReads.readAt}, excluded.read_at)` },
        })
        .returning({ conversationId: conversationReads.conversationId });
      if (!row) throw await refused(userId, 'brand.read', { conversationId });
    },

    async getSendWindow(userId: string, conversationId: string): Promise<SendWindow> {
      await authorize(db, userId, 'brand.read', { conversationId });
      return requireChannel().checkDirectMessageWindow({ conversationId, origin: 'person' });
    },

    /** A person's reply (sender `agent`); the channel's guard refuses with 409 naming why. */
    async sendMessage(
      userId: string,
      conversationId: string,
      content: string,
      idempotencyKey: string | undefined,
    ): Promise<SendResult> {
      await authorize(db, userId, 'inbox.reply', { conversationId });
      const result = await requireChannel().sendDirectMessage({
        conversationId,
        text: content,
        origin: 'person',
        idempotencyKey: personSendKey(idempotencyKey),
      });
      return toSendResult(result);
    },

    async draftReply(userId: string, conversationId: string): Promise<DraftReply> {
      await authorize(db, userId, 'inbox.reply', { conversationId });
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
      await authorize(db, userId, 'inbox.reply', { commentId });
      const result = await requireChannel().sendCommentReply({
        commentId,
        text: input.content,
        visibility: input.visibility,
        origin: 'person',
        idempotencyKey: personSendKey(idempotencyKey),
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
