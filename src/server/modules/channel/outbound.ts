import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Database } from '#server/db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import {
  brands,
  comments,
  conversations,
  instagramConnections,
  instagramSends,
  type InstagramSendRow,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import {
  GraphError,
  type InstagramGraphClient,
  type SendRecipient,
} from '#server/integrations/instagram/graph-client.ts';
import type { ConnectionService } from './connections.ts';
import type { BudgetKind, SendBudget } from './send-budget.ts';
import { maxMessageBytes, splitMessageText } from './split-text.ts';
import {
  decideCommentReply,
  decideDirectMessage,
  type CommentContext,
  type CommentReplyKind,
  type ConversationContext,
  type GuardedContext,
  type GuardRefusal,
} from './send-guard.ts';

// ---- The port (#server/ports/channel.ts; consumers: the assistant and the dashboard's replies) ----
export type { ChannelOutbound, OutboundResult, SendOrigin } from '#server/ports/channel.ts';
export type { CommentContext, CommentReplyKind, ConversationContext } from './send-guard.ts';
import type { ChannelOutbound, OutboundResult, SendOrigin } from '#server/ports/channel.ts';

/** Instagram's caption and comment limit. */
const maxPublicReplyCharacters = 2200;
const maxIdempotencyKeyLength = 200;

export interface OutboundDeps {
  db: Database;
  graph: InstagramGraphClient;
  connections: ConnectionService;
  budget: SendBudget;
  log: Logger;
  humanAgentTagEnabled: boolean;
  /** Retries of 429, rate-limit codes and 5xx: attempts in all, and the first pause (doubling, with jitter). */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  now?: () => Date;
}

type SendOutcome =
  { status: 'sent'; graphId: string } | { status: 'failed' | 'unknown'; error: string; kind?: string };
/** `lost`: another process took the send over (its lease ran out) before the next attempt; nothing was recorded. */
type CallOutcome = SendOutcome | { status: 'lost' };
/**
 * What the shared send step did with one part: sent, failed or unknown (recorded), `refused` by the guard (nothing
 * called, nothing recorded: the caller says what fails with it), or `lost` to another owner.
 */
export type PartOutcome = CallOutcome | { status: 'refused'; reason: string };
/** The guard's yes for a part, when the caller has just asked it (a direct message's or a comment reply's). */
type Guarded = GuardedContext | { allowed: true; comment: CommentContext };
/** How the caller comes to own the row for the call: its first claim, or renewing the lease it holds. */
type TakeRow = (row: InstagramSendRow) => Promise<InstagramSendRow | null>;

/**
 * The parts of the outbound path that the send reconciler (decision 023) shares with `createChannelOutbound`, above
 * all its one send step, `sendPart`: the guard on fresh data, the row taken, the Graph call with its retry policy,
 * and the outcome recorded.
 *
 * A send row is owned by whoever last raised its `attempts`, and `updated_at` is that owner's lease: the outbound
 * path claims a part (attempts 0 -> 1, still queued) just before its first call and renews the lease before each
 * retry; the reconciler claims a stale part by raising attempts again. Outcomes other than `sent` are recorded only
 * by the current owner; `sent` is a fact from Instagram and is always kept.
 */
export function createSendCore(deps: OutboundDeps) {
  const { db, graph, connections, budget, log } = deps;
  const now = deps.now ?? (() => new Date());
  const attempts = deps.retry?.attempts ?? 4;
  const baseDelayMs = deps.retry?.baseDelayMs ?? 500;
  const maxDelayMs = deps.retry?.maxDelayMs ?? 8000;

  /**
   * One conversation or comment with what every send's guard reads besides it (`refuseForBrand`): its brand's
   * state and the brand's Instagram account, if any.
   */
  async function loadWithBrandAccount<Columns extends SelectedFields>(
    table: typeof conversations | typeof comments,
    id: string,
    columns: Columns,
  ) {
    const [row] = await db
      .select({
        ...columns,
        brandActive: brands.active,
        connectionStatus: instagramConnections.status,
        accountId: instagramConnections.accountId,
      })
      .from(table)
      .innerJoin(brands, eq(brands.id, table.brandId))
      .leftJoin(instagramConnections, eq(instagramConnections.brandId, table.brandId))
      .where(eq(table.id, id));
    return row ?? null;
  }

  const loadConversation = (conversationId: string): Promise<ConversationContext | null> =>
    loadWithBrandAccount(conversations, conversationId, {
      conversationId: conversations.id,
      brandId: conversations.brandId,
      customerIgsid: conversations.customerInstagramId,
      status: conversations.status,
      handledBy: conversations.handledBy,
      lastCustomerMessageAt: conversations.lastCustomerMessageAt,
    });

  const loadComment = (commentId: string): Promise<CommentContext | null> =>
    loadWithBrandAccount(comments, commentId, {
      commentId: comments.id,
      brandId: comments.brandId,
      instagramCommentId: comments.instagramCommentId,
      parentId: comments.parentInstagramCommentId,
      fromInstagramId: comments.fromInstagramId,
      createdAt: comments.createdAt,
      accountUsername: instagramConnections.username,
    });

  const guardComment = (comment: CommentContext, kind: CommentReplyKind) =>
    decideCommentReply(comment, kind, { now: now() });

  /** The comment reply's guard on fresh data, just before a call. */
  async function guardCommentNow(
    commentId: string,
    kind: CommentReplyKind,
  ): Promise<{ allowed: true; comment: CommentContext } | GuardRefusal> {
    const comment = await loadComment(commentId);
    if (!comment) return { allowed: false, code: 'gone', reason: 'Comment not found' };
    return guardComment(comment, kind) ?? { allowed: true, comment };
  }

  const guard = (context: ConversationContext, origin: SendOrigin) =>
    decideDirectMessage(context, origin, { humanAgentTagEnabled: deps.humanAgentTagEnabled, now: now() });

  /** The guard on fresh data, just before a call: a pause, a 190 or a person taking over may have happened. */
  async function guardNow(
    conversationId: string,
    origin: SendOrigin,
  ): Promise<GuardedContext | GuardRefusal> {
    const context = await loadConversation(conversationId);
    if (!context) return { allowed: false, code: 'gone', reason: 'Conversation not found' };
    const decision = guard(context, origin);
    return decision.allowed ? { allowed: true, context, humanAgentTag: decision.humanAgentTag } : decision;
  }

  async function findSends(idempotencyKey: string): Promise<InstagramSendRow[]> {
    return db
      .select()
      .from(instagramSends)
      .where(eq(instagramSends.idempotencyKey, idempotencyKey))
      .orderBy(asc(instagramSends.part));
  }

  /** The result for stored rows: the first part that is not sent decides (parts go in order). */
  function summarize(rows: InstagramSendRow[], duplicate: boolean, withMessages: boolean): OutboundResult {
    const messageIds = withMessages ? rows.flatMap((row) => (row.messageId ? [row.messageId] : [])) : [];
    const first = rows.find((row) => row.status !== 'sent');
    if (!first) return { status: 'sent', messageIds, duplicate };
    // Queued means in flight or interrupted: we cannot know whether it left, exactly like a timeout.
    const status = first.status === 'failed' ? 'failed' : 'unknown';
    return { status, messageIds, duplicate, ...(first.error ? { error: first.error } : {}) };
  }

  /**
   * One Graph call with this retry policy: only rate limits and server errors are tried again, each retry
   * after renewing the caller's lease (`renew`), so a slow run of retries is never taken for a dead process.
   */
  async function callGraph(
    brandId: string,
    accountId: string,
    kind: BudgetKind,
    send: (token: string) => Promise<string>,
    renew: () => Promise<boolean>,
  ): Promise<CallOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      if (attempt > 1 && !(await renew())) return { status: 'lost' };
      const usable = await connections.getUsableToken(brandId);
      if (!usable)
        return {
          status: 'failed',
          error: 'The Instagram account needs a reconnect.',
          kind: 'needs_reconnect',
        };
      if (!(await budget.take(accountId, kind))) {
        return {
          status: 'failed',
          error: 'The account’s send budget is used up for now; try again later.',
          kind: 'budget',
        };
      }
      try {
        return { status: 'sent', graphId: await send(usable.token) };
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.kind === 'expired_token') {
          await connections.markNeedsReconnect(brandId, error.message);
          return { status: 'failed', error: error.message, kind: error.kind };
        }
        if (error.kind === 'timeout') return { status: 'unknown', error: error.message, kind: error.kind };
        if (!error.isRetryable || attempt >= attempts)
          return { status: 'failed', error: error.message, kind: error.kind };
        const pause = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
        const jittered = pause / 2 + Math.random() * (pause / 2);
        log.warn({ brandId, kind: error.kind, attempt }, 'instagram send refused for now; retrying');
        await new Promise((resolve) => setTimeout(resolve, jittered));
      }
    }
  }

  /** The row as its owner holds it: same attempts, not settled. */
  const isOwnedBy = (send: InstagramSendRow) =>
    and(
      eq(instagramSends.id, send.id),
      eq(instagramSends.attempts, send.attempts),
      inArray(instagramSends.status, ['queued', 'unknown']),
    );

  /** The outbound path takes a part that was never tried (attempts 0) just before calling Graph. */
  async function claimQueued(send: InstagramSendRow): Promise<InstagramSendRow | null> {
    const [claimed] = await db
      .update(instagramSends)
      .set({ attempts: 1, updatedAt: sql`now()` })
      .where(
        and(
          eq(instagramSends.id, send.id),
          eq(instagramSends.status, 'queued'),
          eq(instagramSends.attempts, 0),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  /** Extends the owner's lease; false when the row was settled or taken over meanwhile. */
  async function renewLease(send: InstagramSendRow): Promise<boolean> {
    const renewed = await db
      .update(instagramSends)
      .set({ updatedAt: sql`now()` })
      .where(isOwnedBy(send))
      .returning({ id: instagramSends.id });
    return renewed.length > 0;
  }

  /** The outcome on the send row and its message, in one statement (no transaction round trips). */
  async function recordOutcome(send: InstagramSendRow, outcome: SendOutcome) {
    if (outcome.status === 'sent' && send.commentId) {
      // A comment reply has no message row: the comment is marked replied with the reply's text instead.
      await db.execute(sql`
        with s as (
          update instagram_sends set status = 'sent', graph_id = ${outcome.graphId}, error = null, updated_at = now()
          where id = ${send.id} returning comment_id, text
        )
        update comments set replied = true, reply_content = s.text from s where comments.id = s.comment_id`);
      return;
    }
    if (outcome.status === 'sent') {
      // Instagram took it: true whoever holds the row now. The echo may have come first and marked it delivered.
      await db.execute(sql`
        with s as (
          update instagram_sends set status = 'sent', graph_id = ${outcome.graphId}, error = null, updated_at = now()
          where id = ${send.id} returning message_id
        )
        update messages set instagram_message_id = ${outcome.graphId},
          delivery_state = case when delivery_state in ('delivered', 'seen') then delivery_state else 'sent' end
        where id = (select message_id from s)`);
      return;
    }
    // Only the owner records: an echo that resolved it meanwhile, or a reconciler that took it over, wins.
    await db.execute(sql`
      with s as (
        update instagram_sends set status = ${outcome.status}, error = ${outcome.error}, updated_at = now()
        where id = ${send.id} and attempts = ${send.attempts} and status in ('queued', 'unknown')
        returning message_id
      )
      update messages set delivery_state = ${outcome.status}
      where id = (select message_id from s) and delivery_state in ('queued', 'unknown')`);
  }

  async function failRemaining(rows: InstagramSendRow[], reason: string) {
    for (const row of rows) await recordOutcome(row, { status: 'failed', error: reason });
  }

  /** Takes the row by renewing the lease its caller holds (the reconciler's claim). */
  const holdLease: TakeRow = async (row) => ((await renewLease(row)) ? row : null);

  /** The Graph call for one part of a direct message, by its kind and the guard's answer. */
  function callForDirectMessage(claimed: InstagramSendRow, guarded: GuardedContext) {
    const { context, humanAgentTag } = guarded;
    return callGraph(
      context.brandId,
      context.accountId!,
      'direct_message',
      async (token) => {
        const sent = await graph.sendMessage(token, {
          recipient: { id: context.customerIgsid },
          text: claimed.text,
          humanAgentTag,
        });
        return sent.messageId;
      },
      () => renewLease(claimed),
    );
  }

  /** The Graph call for a comment reply, private or public. */
  function callForCommentReply(claimed: InstagramSendRow, comment: CommentContext) {
    const kind = claimed.kind as CommentReplyKind;
    // The row holds the target: the comment for a private reply, the top-level comment for a public one.
    const target = claimed.recipient;
    return callGraph(
      comment.brandId,
      comment.accountId!,
      kind,
      async (token) => {
        if (kind === 'private_reply') {
          const recipient: SendRecipient = { commentId: target };
          return (await graph.sendMessage(token, { recipient, text: claimed.text })).messageId;
        }
        return (await graph.replyToComment(token, target, claimed.text)).commentId;
      },
      () => renewLease(claimed),
    );
  }

  /** The guard on fresh data for a part of any kind. */
  async function guardPart(row: InstagramSendRow): Promise<Guarded | GuardRefusal> {
    if (row.kind === 'direct_message') return guardNow(row.conversationId!, row.origin);
    if (!row.commentId) return { allowed: false, code: 'gone', reason: 'Comment not found' };
    return guardCommentNow(row.commentId, row.kind as CommentReplyKind);
  }

  /**
   * The send step the outbound path and the send reconciler share, for one part of any kind: the guard on fresh
   * data (unless the caller has just asked it: `guarded`), the row taken (`take`), the Graph call with its retries,
   * and the outcome recorded on the row and its message or comment.
   */
  async function sendPart(row: InstagramSendRow, take: TakeRow, guarded?: Guarded): Promise<PartOutcome> {
    const checked = guarded ?? (await guardPart(row));
    if (!checked.allowed) return { status: 'refused', reason: checked.reason };
    const claimed = await take(row);
    if (!claimed) return { status: 'lost' };
    const outcome =
      'comment' in checked
        ? await callForCommentReply(claimed, checked.comment)
        : await callForDirectMessage(claimed, checked);
    if (outcome.status === 'lost') return outcome;
    await recordOutcome(claimed, outcome);
    if (outcome.status === 'sent') return outcome;
    if ('comment' in checked) {
      log.warn(
        {
          commentId: checked.comment.commentId,
          kind: claimed.kind,
          status: outcome.status,
          errorKind: outcome.kind,
        },
        'instagram comment reply not sent',
      );
    } else {
      log.warn(
        { conversationId: checked.context.conversationId, status: outcome.status, kind: outcome.kind },
        'instagram direct message not sent',
      );
    }
    return outcome;
  }

  /**
   * Sends never-tried parts in order, each through the shared send step. A failed part fails the rest; after a
   * part whose outcome is unknown the rest wait (queued) until the reconciler settles it, then follow it. True
   * when every part was sent.
   */
  async function sendWaitingParts(
    rows: InstagramSendRow[],
    first?: GuardedContext & { claimed?: boolean },
  ): Promise<boolean> {
    for (const [index, row] of rows.entries()) {
      const given = index === 0 ? first : undefined;
      // The outbound path stores its first part claimed already (attempts 1), just before this call.
      const take: TakeRow = given?.claimed ? async (claimed) => claimed : claimQueued;
      const outcome = await sendPart(row, take, given);
      if (outcome.status === 'refused') {
        await failRemaining(rows.slice(index), `Not sent: ${outcome.reason}`);
        return false;
      }
      // `lost`: the reconciler took it over and continues from here; `unknown`: it settles it first.
      if (outcome.status === 'lost' || outcome.status === 'unknown') return false;
      if (outcome.status === 'failed') {
        await failRemaining(rows.slice(index + 1), 'Not sent: the previous part failed.');
        return false;
      }
    }
    return true;
  }

  return {
    loadConversation,
    loadComment,
    guard,
    guardComment,
    findSends,
    summarize,
    claimQueued,
    renewLease,
    holdLease,
    recordOutcome,
    failRemaining,
    sendPart,
    sendWaitingParts,
  };
}

export type SendCore = ReturnType<typeof createSendCore>;

/**
 * The one outbound path. Every send is recorded (queued) before Graph is called, under a unique
 * idempotency key, and moved to sent, failed or unknown. A timeout is never resent blindly: the echo or the send
 * reconciler (decision 023) settles it.
 */
export function createChannelOutbound(deps: OutboundDeps, core = createSendCore(deps)): ChannelOutbound {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const { findSends, summarize, guard, loadConversation, claimQueued } = core;

  function validateKey(key: string) {
    if (!key || key.length > maxIdempotencyKeyLength) {
      throw new AppError(
        'BAD_REQUEST',
        `Invalid idempotencyKey: must be 1 to ${maxIdempotencyKeyLength} characters`,
        [{ path: 'idempotencyKey', message: `must be 1 to ${maxIdempotencyKeyLength} characters` }],
      );
    }
  }

  /**
   * Recorded before the call, in one statement: one send row per part under the idempotency key (the first part
   * claimed for the call that follows), the messages (queued) and the conversation's last message time. Null
   * when the key was taken already; then nothing is written.
   */
  async function storeSend(input: {
    context: ConversationContext;
    parts: string[];
    origin: SendOrigin;
    idempotencyKey: string;
    inventoryChecked: boolean;
    humanAgentTag: boolean;
  }): Promise<InstagramSendRow[] | null> {
    const { context, parts, origin, idempotencyKey } = input;
    const base = now().getTime();
    const rows = parts.map((part, index) => ({ part, index, messageId: randomUUID() }));
    const sender = origin === 'assistant' ? 'ai' : 'agent';
    const sendValues = sql.join(
      rows.map(
        (row) => sql`(${context.brandId}::uuid, 'direct_message', ${origin}, ${idempotencyKey},
          ${row.index}::int, ${parts.length}::int, ${context.conversationId}::uuid, ${context.customerIgsid},
          ${row.part}, ${input.humanAgentTag}::boolean, ${row.messageId}::uuid, ${row.index === 0 ? 1 : 0}::int)`,
      ),
      sql`, `,
    );
    // Parts keep their order on screen: a millisecond apart.
    const messageValues = sql.join(
      rows.map(
        (row) => sql`(${row.messageId}::uuid, ${context.conversationId}::uuid, ${context.brandId}::uuid,
          ${sender}, ${row.part}, ${input.inventoryChecked}::boolean, 'queued',
          ${new Date(base + row.index).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      const result = (await db.execute(sql`
        with s as (
          insert into instagram_sends (brand_id, kind, origin, idempotency_key, part, part_count, conversation_id,
            recipient, text, human_agent_tag, message_id, attempts)
          values ${sendValues}
          on conflict (idempotency_key, part) do nothing
          returning *
        ), m as (
          insert into messages (id, conversation_id, brand_id, sender, content, inventory_checked, delivery_state,
            created_at)
          select * from (values ${messageValues}) v
          where (select count(*) from s) = ${parts.length}
          returning id
        ), c as (
          update conversations set last_message_at = greatest(last_message_at, ${new Date(base).toISOString()}::timestamptz)
            ${origin === 'person' ? sql`, handled_by = 'person'` : sql``}
          where id = ${context.conversationId} and (select count(*) from s) = ${parts.length}
          returning id
        )
        select s.id, s.brand_id, s.kind, s.origin, s.idempotency_key, s.part, s.part_count, s.conversation_id,
          s.message_id, s.comment_id, s.recipient, s.text, s.human_agent_tag, s.status, s.graph_id, s.error,
          s.attempts, s.created_at, s.updated_at, (select count(*) from m)::int as stored_messages
        from s order by s.part`)) as unknown as { rows: Record<string, unknown>[] };
      if (result.rows.length !== parts.length) return null;
      return result.rows.map(toSendRow);
    } catch (error) {
      // Some parts' keys were taken by a concurrent call with the same key: their messages were not written,
      // so the new parts' message references fail and the whole statement is undone. That call owns the send.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  return {
    async checkDirectMessageWindow({ conversationId, origin }) {
      const context = await loadConversation(conversationId);
      if (!context) throw new AppError('NOT_FOUND', 'Conversation not found');
      return guard(context, origin);
    },

    async sendDirectMessage({ conversationId, text, origin, idempotencyKey, inventoryChecked = false }) {
      validateKey(idempotencyKey);
      const parts = splitMessageText(text);
      if (parts.length === 0) {
        throw new AppError('BAD_REQUEST', 'Invalid text: must not be empty', [
          { path: 'text', message: 'must not be empty' },
        ]);
      }
      // A replay of a send already made keeps its answer, whatever the guard says now.
      const replayOr = async (refusal: AppError) => {
        const existing = await findSends(idempotencyKey);
        if (existing.length > 0) return summarize(existing, true, true);
        throw refusal;
      };
      const context = await loadConversation(conversationId);
      if (!context) return replayOr(new AppError('NOT_FOUND', 'Conversation not found'));
      const decision = guard(context, origin);
      if (!decision.allowed) return replayOr(new AppError('CONFLICT', decision.reason));
      const { humanAgentTag } = decision;
      const stored = await storeSend({
        context,
        parts,
        origin,
        idempotencyKey,
        inventoryChecked,
        humanAgentTag,
      });
      // The key was taken: a replay, or a concurrent call with the same key that got there first.
      if (!stored) return summarize(await findSends(idempotencyKey), true, true);
      const allSent = await core.sendWaitingParts(stored, {
        allowed: true,
        context,
        humanAgentTag,
        claimed: true,
      });
      if (allSent)
        return { status: 'sent', messageIds: stored.map((row) => row.messageId!), duplicate: false };
      return summarize(await findSends(idempotencyKey), false, true);
    },

    async sendCommentReply({ commentId, text, visibility, origin, idempotencyKey }) {
      validateKey(idempotencyKey);
      const existing = await findSends(idempotencyKey);
      if (existing.length > 0) return summarize(existing, true, false);
      const body = text.trim();
      if (!body)
        throw new AppError('BAD_REQUEST', 'Invalid text: must not be empty', [
          { path: 'text', message: 'must not be empty' },
        ]);
      if (visibility === 'private' && Buffer.byteLength(body, 'utf8') > maxMessageBytes) {
        throw new AppError(
          'BAD_REQUEST',
          `Invalid text: a private reply is one message of at most ${maxMessageBytes} bytes`,
          [
            {
              path: 'text',
              message: `must be at most ${maxMessageBytes} bytes (one private reply per comment)`,
            },
          ],
        );
      }
      if (visibility === 'public' && [...body].length > maxPublicReplyCharacters) {
        throw new AppError(
          'BAD_REQUEST',
          `Invalid text: must be at most ${maxPublicReplyCharacters} characters`,
          [{ path: 'text', message: `must be at most ${maxPublicReplyCharacters} characters` }],
        );
      }
      const comment = await core.loadComment(commentId);
      if (!comment) throw new AppError('NOT_FOUND', 'Comment not found');
      const kind: CommentReplyKind = visibility === 'private' ? 'private_reply' : 'public_reply';
      const refusal = core.guardComment(comment, kind);
      if (refusal) throw new AppError('CONFLICT', refusal.reason);
      // A reply to a reply attaches to the top-level comment.
      const target =
        visibility === 'public'
          ? (comment.parentId ?? comment.instagramCommentId)
          : comment.instagramCommentId;

      let row: InstagramSendRow | undefined;
      try {
        [row] = await db
          .insert(instagramSends)
          .values({
            brandId: comment.brandId,
            kind,
            origin,
            idempotencyKey,
            commentId,
            recipient: target,
            text: body,
          })
          .onConflictDoNothing({ target: [instagramSends.idempotencyKey, instagramSends.part] })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error, 'instagram_sends_one_private_reply_idx')) {
          throw new AppError(
            'CONFLICT',
            'This comment already has its private reply: Instagram allows one per comment.',
          );
        }
        throw error;
      }
      if (!row) return summarize(await findSends(idempotencyKey), true, false);
      // The claim (attempts 0 -> 1) just before the call, as for a direct message: a process that dies after it
      // leaves a tried reply, which the send reconciler asks Instagram about before sending it again (decision 023).
      // Sent: the comment is marked replied in the same statement as the send.
      await core.sendPart(row, claimQueued, { allowed: true, comment });
      return summarize(await findSends(idempotencyKey), false, false);
    },
  };
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** A send row read by raw SQL, as Drizzle would give it. */
function toSendRow(row: Record<string, unknown>): InstagramSendRow {
  return {
    id: String(row.id),
    brandId: String(row.brand_id),
    kind: row.kind as InstagramSendRow['kind'],
    origin: row.origin as InstagramSendRow['origin'],
    idempotencyKey: String(row.idempotency_key),
    part: Number(row.part),
    partCount: Number(row.part_count),
    conversationId: (row.conversation_id as string | null) ?? null,
    messageId: (row.message_id as string | null) ?? null,
    commentId: (row.comment_id as string | null) ?? null,
    recipient: String(row.recipient),
    text: String(row.text),
    humanAgentTag: Boolean(row.human_agent_tag),
    status: row.status as InstagramSendRow['status'],
    graphId: (row.graph_id as string | null) ?? null,
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
  };
}
