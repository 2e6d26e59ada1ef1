import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '#server/db/client.ts';
import { instagramSends, messages, type InstagramSendRow } from '#server/db/schema/index.ts';
import { GraphError, type InstagramGraphClient } from '#server/integrations/instagram/graph-client.ts';
import type { ConnectionService } from './connections.ts';
import type { CommentContext, CommentReplyKind, SendCore } from './outbound.ts';

export interface SendReconcilerSettings {
  /** How old (since its owner last touched it) a queued or unknown send must be: SEND_RECONCILE_AFTER_SECONDS. */
  reconcileAfterSeconds: number;
  /** Sends looked at per run; the rest wait for the next run. */
  batchSize?: number;
  /** Times a send may be taken up (its first send included) before it is given up as failed, for a person. */
  maxAttempts?: number;
  /**
   * Pause between the lookups of one account (Conversations API, a comment's replies): 2 calls a second.
   */
  conversationsIntervalMs?: number;
  /** Instagram's clock may run behind ours: messages this much older than the send still count. */
  clockSkewMs?: number;
  /** Pages of a comment's replies read (50 each) when looking for our public reply; past them it cannot be known. */
  replyPages?: number;
}

export interface SendReconcilerDeps {
  db: Database;
  graph: InstagramGraphClient;
  connections: ConnectionService;
  core: SendCore;
  log: Logger;
  settings: SendReconcilerSettings;
}

export interface ReconcileSummary {
  /** Found in the thread: it had left; marked sent with Instagram's id. */
  confirmed: number;
  /** Not in the thread: sent again (once) and Instagram took it. */
  resent: number;
  /** Refused by the guard or by Instagram, or given up after too many tries. */
  failed: number;
  /** Left for the next run: Instagram could not be asked, or the resend's outcome is unknown again. */
  deferred: number;
}

const notSentAfterFailure = 'Not sent: the previous part failed.';

/** Instagram cannot be asked whether the send left: it is not sent again, and a person decides. */
type Unknowable = { unknowable: string };
/** What asking Instagram found: the id of what left, null when it did not leave, or `lost` (the claim was lost). */
type Lookup = string | null | 'lost' | Unknowable;
const isUnknowable = (found: Lookup): found is Unknowable => typeof found === 'object' && found !== null;

const nounOf = (kind: InstagramSendRow['kind']) =>
  kind === 'private_reply' ? 'private reply' : kind === 'public_reply' ? 'public reply' : 'message';

/**
 * Decision 023 ("nothing lost, nothing twice"): settles sends whose outcome is unknown, a timeout or a
 * process that died between recording the send and Graph's answer. Each stale part is claimed in the database
 * (exactly one reconciler wins it), then Instagram is asked whether it left: a direct message or a private reply
 * through the Conversations API (the thread with the customer or commenter), a public reply through the comment's
 * replies. If it did, the send is marked sent with its id; if not, it is sent again once, through the outbound
 * path's guard, Graph call and outcome. The parts of a direct message after it follow in order.
 */
export function createSendReconciler({ db, graph, connections, core, log, settings }: SendReconcilerDeps) {
  const batchSize = settings.batchSize ?? 20;
  const maxAttempts = settings.maxAttempts ?? 6;
  const intervalMs = settings.conversationsIntervalMs ?? 500;
  const clockSkewMs = settings.clockSkewMs ?? 60_000;
  const replyPages = settings.replyPages ?? 5;
  const staleBefore = sql`now() - ${`${settings.reconcileAfterSeconds} seconds`}::interval`;
  const lastCallAt = new Map<string, number>();

  /** Paces this process's Conversations API calls per account. */
  async function pace(accountId: string) {
    const wait = (lastCallAt.get(accountId) ?? 0) + intervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastCallAt.set(accountId, Date.now());
  }

  /** Stale unsettled sends whose earlier parts were all sent (parts go in order; a comment reply is one part). */
  async function listStale(): Promise<InstagramSendRow[]> {
    return db
      .select()
      .from(instagramSends)
      .where(
        and(
          inArray(instagramSends.status, ['queued', 'unknown']),
          lte(instagramSends.updatedAt, staleBefore),
          sql`not exists (select 1 from instagram_sends earlier where earlier.idempotency_key = ${instagramSends.idempotencyKey}
                and earlier.part < ${instagramSends.part} and earlier.status <> 'sent')`,
        ),
      )
      .orderBy(asc(instagramSends.updatedAt), asc(instagramSends.part))
      .limit(batchSize);
  }

  /**
   * Takes the row if it is still as seen and still stale: a conditional UPDATE, so of two reconcilers (or a
   * reconciler and a slow outbound path) exactly one gets it. The row becomes `unknown` under a fresh lease.
   */
  async function claim(seen: InstagramSendRow): Promise<InstagramSendRow | null> {
    const [claimed] = await db
      .update(instagramSends)
      .set({ status: 'unknown', attempts: sql`${instagramSends.attempts} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(instagramSends.id, seen.id),
          eq(instagramSends.attempts, seen.attempts),
          inArray(instagramSends.status, ['queued', 'unknown']),
          lte(instagramSends.updatedAt, staleBefore),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  /** Is this Instagram message id already ours under another send or message? */
  async function isHeldElsewhere(send: InstagramSendRow, messageId: string): Promise<boolean> {
    const [otherSend] = await db
      .select({ id: instagramSends.id })
      .from(instagramSends)
      .where(
        and(
          eq(instagramSends.brandId, send.brandId),
          eq(instagramSends.graphId, messageId),
          ne(instagramSends.id, send.id),
        ),
      )
      .limit(1);
    if (otherSend) return true;
    const [message] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.brandId, send.brandId),
          eq(messages.instagramMessageId, messageId),
          send.messageId ? ne(messages.id, send.messageId) : sql`true`,
        ),
      )
      .limit(1);
    return Boolean(message);
  }

  /**
   * Asks Instagram whether the part left: our account's message in the thread with this customer (IGSID)
   * with exactly this text, created since the send was recorded, whose id no other send holds. Returns its id, or
   * null when there is none. Throws GraphError when Instagram cannot be asked, and `lost` when the claim was lost
   * meanwhile.
   */
  async function findDelivered(
    claimed: InstagramSendRow,
    token: string,
    accountId: string,
    igsid: string,
  ): Promise<string | null | 'lost'> {
    await pace(accountId);
    const conversation = await graph.findConversation(token, igsid);
    if (!conversation) return null;
    if (!(await core.renewLease(claimed))) return 'lost';
    await pace(accountId);
    const listed = await graph.listConversationMessages(token, conversation.conversationId);
    const since = claimed.createdAt.getTime() - clockSkewMs;
    // Oldest first: of two sends with one text, the earlier takes the earlier message.
    const recent = listed
      .filter((message) => message.createdAt.getTime() >= since)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const candidate of recent) {
      if (!(await core.renewLease(claimed))) return 'lost';
      await pace(accountId);
      const message = await graph.getMessage(token, candidate.messageId);
      const isOurs =
        message.fromId === accountId &&
        message.text === claimed.text &&
        (message.toIds.length === 0 || message.toIds.includes(igsid));
      if (isOurs && !(await isHeldElsewhere(claimed, message.messageId))) return message.messageId;
    }
    return null;
  }

  /**
   * A private reply opens (or joins) the DM thread with the commenter, whose IGSID the
   * comment webhook gave as `from.id`: the reply is looked for there, as a direct message is.
   */
  async function findPrivateReply(
    claimed: InstagramSendRow,
    comment: CommentContext,
    usable: { token: string; accountId: string },
  ): Promise<Lookup> {
    if (!comment.fromInstagramId) {
      return {
        unknowable: 'the comment came without its author’s id, so the thread with them cannot be read',
      };
    }
    return findDelivered(claimed, usable.token, usable.accountId, comment.fromInstagramId);
  }

  /**
   * A public reply is a comment under the top-level comment (the row's recipient): our account's reply with exactly
   * this text, made since the send was recorded, whose id no other send holds; the earliest of them. Replies are
   * read page by page up to `replyPages`; a comment with more replies than that cannot be searched whole.
   */
  async function findPublicReply(
    claimed: InstagramSendRow,
    comment: CommentContext,
    usable: { token: string; accountId: string },
  ): Promise<Lookup> {
    const since = claimed.createdAt.getTime() - clockSkewMs;
    const candidates: { id: string; at: number }[] = [];
    let after: string | undefined;
    for (let page = 0; ; page += 1) {
      if (page >= replyPages) {
        if (candidates.length > 0) break;
        return { unknowable: `the comment has more than ${page * 50} replies` };
      }
      if (page > 0 && !(await core.renewLease(claimed))) return 'lost';
      await pace(usable.accountId);
      const listed = await graph.listCommentReplies(usable.token, claimed.recipient, {
        ...(after ? { after } : {}),
        limit: 50,
      });
      for (const reply of listed.replies) {
        // Graph may leave `from` out; then our account's username says it is ours.
        const isOurs =
          (reply.fromId ? reply.fromId === usable.accountId : reply.username === comment.accountUsername) &&
          reply.text === claimed.text &&
          (!reply.createdAt || reply.createdAt.getTime() >= since);
        if (isOurs) candidates.push({ id: reply.commentId, at: reply.createdAt?.getTime() ?? 0 });
      }
      if (!listed.hasMore) break;
      if (!listed.nextCursor) {
        if (candidates.length > 0) break;
        return { unknowable: 'Instagram gave no way to read the comment’s further replies' };
      }
      after = listed.nextCursor;
    }
    // Oldest first: of two sends with one text, the earlier takes the earlier reply.
    candidates.sort((a, b) => a.at - b.at);
    for (const candidate of candidates) {
      if (!(await isHeldElsewhere(claimed, candidate.id))) return candidate.id;
    }
    return null;
  }

  /** The parts after this one, still waiting (never tried), in order. */
  async function listWaitingAfter(send: InstagramSendRow): Promise<InstagramSendRow[]> {
    const rows = await core.findSends(send.idempotencyKey);
    return rows.filter((row) => row.part > send.part && row.status === 'queued' && row.attempts === 0);
  }

  async function fail(claimed: InstagramSendRow, reason: string, summary: ReconcileSummary) {
    await core.recordOutcome(claimed, { status: 'failed', error: reason });
    if (claimed.kind === 'direct_message')
      await core.failRemaining(await listWaitingAfter(claimed), notSentAfterFailure);
    summary.failed += 1;
  }

  /** After too many runs: given up, for a person (a bounded number of tries, never forever). */
  async function giveUp(claimed: InstagramSendRow, summary: ReconcileSummary) {
    const noun = nounOf(claimed.kind);
    return fail(
      claimed,
      `Instagram could not confirm whether this ${noun} was sent after ${maxAttempts} tries; it was not sent again.`,
      summary,
    );
  }

  /** Instagram could not be asked: the row stays unknown, and its fresh lease brings it back to a later run. */
  async function defer(
    claimed: InstagramSendRow,
    brandId: string,
    error: unknown,
    summary: ReconcileSummary,
  ) {
    if (!(error instanceof GraphError)) throw error;
    if (error.kind === 'expired_token') await connections.markNeedsReconnect(brandId, error.message);
    log.warn(
      { sendId: claimed.id, sendKind: claimed.kind, kind: error.kind, attempts: claimed.attempts },
      'instagram send not reconciled: Instagram could not be asked; trying again later',
    );
    summary.deferred += 1;
  }

  /** Settles one claimed part; then the waiting parts after it follow through the outbound path. */
  async function settle(claimed: InstagramSendRow, wasTried: boolean, summary: ReconcileSummary) {
    if (claimed.kind !== 'direct_message') return settleCommentReply(claimed, wasTried, summary);
    if (claimed.attempts > maxAttempts) return giveUp(claimed, summary);
    const context = await core.loadConversation(claimed.conversationId!);
    if (!context) return fail(claimed, 'Not sent: Conversation not found', summary);

    // A part that was never tried (attempts were 0) cannot have left; any other may have.
    if (wasTried) {
      const usable = await connections.getUsableToken(context.brandId);
      if (!usable) {
        const refusal = core.guard(context, claimed.origin);
        const reason = refusal.allowed ? 'The Instagram account needs a reconnect.' : refusal.reason;
        return fail(claimed, `Not sent: ${reason}`, summary);
      }
      let found: string | null | 'lost';
      try {
        found = await findDelivered(claimed, usable.token, usable.accountId, claimed.recipient);
      } catch (error) {
        return defer(claimed, context.brandId, error, summary);
      }
      if (found === 'lost') return;
      if (found) {
        await core.recordOutcome(claimed, { status: 'sent', graphId: found });
        summary.confirmed += 1;
        await core.sendWaitingParts(await listWaitingAfter(claimed));
        return;
      }
    }
    return resend(claimed, summary);
  }

  /**
   * It did not leave: sent once more through the outbound path's send step (the guard on fresh data: a pause, a 190,
   * a person taking over or the 7 days may have come; the lease renewed, as an echo may have settled it while we
   * looked). The parts of a direct message after it follow it, or fail with it.
   */
  async function resend(claimed: InstagramSendRow, summary: ReconcileSummary) {
    const outcome = await core.sendPart(claimed, core.holdLease);
    if (outcome.status === 'refused') return fail(claimed, `Not sent: ${outcome.reason}`, summary);
    if (outcome.status === 'lost') return;
    if (outcome.status === 'unknown') {
      summary.deferred += 1;
      return;
    }
    if (outcome.status === 'sent') summary.resent += 1;
    else summary.failed += 1;
    if (claimed.kind !== 'direct_message') return;
    const waiting = await listWaitingAfter(claimed);
    if (outcome.status === 'sent') await core.sendWaitingParts(waiting);
    else await core.failRemaining(waiting, notSentAfterFailure);
  }

  /**
   * Settles one claimed comment reply, private or public (one part each): asked about when it was tried, marked sent
   * with what Instagram holds, else sent once after the outbound path's guard (for a private reply, the 7 days after
   * the comment: past them it fails, it is never tried again).
   */
  async function settleCommentReply(claimed: InstagramSendRow, wasTried: boolean, summary: ReconcileSummary) {
    if (claimed.attempts > maxAttempts) return giveUp(claimed, summary);
    const kind = claimed.kind as CommentReplyKind;
    const comment = claimed.commentId ? await core.loadComment(claimed.commentId) : null;
    if (!comment) return fail(claimed, 'Not sent: Comment not found', summary);

    if (wasTried) {
      const usable = await connections.getUsableToken(comment.brandId);
      if (!usable) {
        const refusal = core.guardComment(comment, kind);
        return fail(
          claimed,
          `Not sent: ${refusal?.reason ?? 'The Instagram account needs a reconnect.'}`,
          summary,
        );
      }
      let found: Lookup;
      try {
        found =
          kind === 'private_reply'
            ? await findPrivateReply(claimed, comment, usable)
            : await findPublicReply(claimed, comment, usable);
      } catch (error) {
        return defer(claimed, comment.brandId, error, summary);
      }
      if (found === 'lost') return;
      if (isUnknowable(found)) {
        // Never resent without proof it did not leave (a second public reply is seen by everyone): as before this
        // reconciler, a person decides; the reason says why.
        return fail(
          claimed,
          `Not sent again: Instagram cannot tell whether this ${nounOf(kind)} left (${found.unknowable}); a person decides.`,
          summary,
        );
      }
      if (found) {
        await core.recordOutcome(claimed, { status: 'sent', graphId: found });
        summary.confirmed += 1;
        return;
      }
    }
    return resend(claimed, summary);
  }

  return {
    /** One run: the oldest stale sends, one at a time (the Conversations API allows 2 calls a second). */
    async reconcile(): Promise<ReconcileSummary> {
      const summary: ReconcileSummary = { confirmed: 0, resent: 0, failed: 0, deferred: 0 };
      for (const seen of await listStale()) {
        const claimed = await claim(seen);
        if (!claimed) continue; // another reconciler has it, or its owner came back to it
        await settle(claimed, seen.attempts > 0, summary);
      }
      return summary;
    },
  };
}

export type SendReconciler = ReturnType<typeof createSendReconciler>;
