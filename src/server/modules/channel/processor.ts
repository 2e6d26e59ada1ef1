import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '#server/db/client.ts';
import {
  brands,
  comments,
  instagramEvents,
  instagramProfiles,
  instagramSends,
  messages,
  type InstagramEventRow,
} from '#server/db/schema/index.ts';
import { assistantRespondJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { GraphError, type InstagramGraphClient } from '#server/integrations/instagram/graph-client.ts';
import type { ConnectionService } from './connections.ts';
import { commentValueSchema, messagingItemSchema, type MessagingItem } from './webhook-events.ts';

/** Events handled per job run before it re-reads the thread (a long backlog is worked through in slices). */
const sliceSize = 50;
/** An event that keeps failing is set aside after this many tries, so its thread is not blocked forever. */
const maxEventAttempts = 5;
/** A customer whose profile could not be read is asked again after this long. */
const profileRetryMs = 24 * 3_600_000;

type Tx = Database;
type Outcome = { outcome: string; enqueued: boolean };
/** The four kinds of messaging item are applied from the same inputs: the event, its parsed item, the cached username. */
type ApplyMessagingItem = (
  tx: Tx,
  event: InstagramEventRow,
  item: MessagingItem,
  username: string | null,
) => Promise<Outcome>;

/** Readable content for a message that has no text (the dashboard lists `content`). */
function describeMessage(message: NonNullable<MessagingItem['message']>): { content: string; kind: string } {
  const attachmentTypes = (message.attachments ?? []).map((a) => a.type ?? 'file');
  if (message.is_unsupported)
    return { content: message.text ?? '[Message type Instagram cannot show here]', kind: 'unsupported' };
  if (attachmentTypes.includes('story_mention'))
    return { content: message.text ?? '[Mentioned you in their story]', kind: 'story_mention' };
  if (message.reply_to?.story)
    return { content: message.text ?? '[Replied to your story]', kind: 'story_reply' };
  if (message.text !== undefined)
    return { content: message.text, kind: attachmentTypes.length > 0 ? 'attachment' : 'text' };
  if (attachmentTypes.length > 0) return { content: `[${attachmentTypes.join(', ')}]`, kind: 'attachment' };
  return { content: '', kind: 'text' };
}

/** The message's attachments as stored: each one's type (a file when Instagram names none) and address. */
function attachmentsOf(message: NonNullable<MessagingItem['message']>) {
  return (message.attachments ?? []).map((a) => ({ type: a.type ?? 'file', url: a.payload?.url ?? null }));
}

function metadataOf(message: NonNullable<MessagingItem['message']>): Record<string, unknown> | null {
  const metadata: Record<string, unknown> = {};
  if (message.reply_to?.story) metadata.story = message.reply_to.story;
  if (message.reply_to?.mid) metadata.replyToMid = message.reply_to.mid;
  if (message.quick_reply?.payload) metadata.quickReply = message.quick_reply.payload;
  if (message.referral) metadata.referral = message.referral;
  return Object.keys(metadata).length > 0 ? metadata : null;
}

export interface ProcessorDeps {
  db: Database;
  jobs: JobQueue;
  graph: InstagramGraphClient;
  connections: ConnectionService;
  log: Logger;
}

/**
 * Turns stored webhook events into conversations, messages and comments. One job per thread (one
 * customer's DMs, or one comment); each event is applied in its own transaction under an advisory lock on the
 * thread, in Instagram's order, so two workers never interleave a customer's messages.
 */
export function createProcessor({ db, jobs, graph, connections, log }: ProcessorDeps) {
  const isFresh = (cached: { username: string | null; fetchedAt: Date } | undefined) =>
    Boolean(cached && (cached.username || Date.now() - cached.fetchedAt.getTime() < profileRetryMs));

  /** A known username replaces the IGSID a conversation shows until then. */
  const showUsername = (brandId: string, igsid: string, username: string) => sql`
    update conversations set customer_username = ${username}
    where brand_id = ${brandId} and customer_instagram_id = ${igsid} and customer_username = customer_instagram_id`;

  /**
   * The User Profile API's username, cached in instagram_profiles and shown on the conversation (one statement);
   * while unknown the IGSID is shown.
   */
  async function refreshUsername(
    brandId: string,
    igsid: string,
    cached: { username: string | null } | undefined,
  ): Promise<void> {
    const usable = await connections.getUsableToken(brandId);
    if (!usable) {
      if (cached?.username) await db.execute(showUsername(brandId, igsid, cached.username));
      return;
    }
    let username: string | null = null;
    try {
      username = (await graph.getUserProfile(usable.token, igsid)).username;
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.kind === 'expired_token') await connections.markNeedsReconnect(brandId, error.message);
      // No consent yet, or Instagram is busy: the IGSID stays until a later message.
      if (error.kind !== 'refused') return;
    }
    await db.execute(sql`
      with profile as (
        insert into instagram_profiles (brand_id, igsid, username) values (${brandId}, ${igsid}, ${username})
        on conflict (brand_id, igsid) do update set username = excluded.username, fetched_at = now()
      )
      ${username ? showUsername(brandId, igsid, username) : sql`select 1`}`);
  }

  /** One conversation per (brand, IGSID), race-free: concurrent first messages meet on the unique key. */
  async function upsertConversation(
    tx: Tx,
    brandId: string,
    igsid: string,
    username: string | null,
    at: Date,
  ) {
    const result = (await tx.execute(sql`
      insert into conversations (brand_id, customer_username, customer_instagram_id, last_message_at)
      values (${brandId}, ${username ?? igsid}, ${igsid}, ${at.toISOString()}::timestamptz)
      on conflict (brand_id, customer_instagram_id) do update set customer_username =
        case when conversations.customer_username = conversations.customer_instagram_id
             then excluded.customer_username else conversations.customer_username end
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]!.id;
  }

  /** lastMessageAt follows the newest message whatever order they arrive in. */
  async function touchConversation(tx: Tx, conversationId: string, at: Date, customer: boolean) {
    await tx.execute(sql`
      update conversations set
        last_message_at = greatest(last_message_at, ${at.toISOString()}::timestamptz),
        last_customer_message_at = case when ${customer}::boolean
          then greatest(coalesce(last_customer_message_at, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)
          else last_customer_message_at end
      where id = ${conversationId}`);
  }

  async function isBrandActive(tx: Tx, brandId: string) {
    const [brand] = await tx.select({ active: brands.active }).from(brands).where(eq(brands.id, brandId));
    return brand?.active ?? false;
  }

  const applyCustomerMessage: ApplyMessagingItem = async (tx, event, item, username) => {
    const message = item.message!;
    const { content, kind } = describeMessage(message);
    // The conversation, its times and the brand's state in one statement. lastMessageAt follows the newest
    // message whatever order they arrive in (greatest: a duplicate changes nothing); a story mention alone
    // reportedly does not open the messaging window.
    const at = event.occurredAt.toISOString();
    const opensWindow = kind !== 'story_mention';
    const upserted = (await tx.execute(sql`
      insert into conversations (brand_id, customer_username, customer_instagram_id, last_message_at,
        last_customer_message_at)
      values (${event.brandId}, ${username ?? item.sender.id}, ${item.sender.id}, ${at}::timestamptz,
        case when ${opensWindow}::boolean then ${at}::timestamptz end)
      on conflict (brand_id, customer_instagram_id) do update set
        customer_username = case when conversations.customer_username = conversations.customer_instagram_id
          then excluded.customer_username else conversations.customer_username end,
        last_message_at = greatest(conversations.last_message_at, excluded.last_message_at),
        last_customer_message_at = case when ${opensWindow}::boolean
          then greatest(coalesce(conversations.last_customer_message_at, excluded.last_message_at), excluded.last_message_at)
          else conversations.last_customer_message_at end
      returning id, (select active from brands where brands.id = conversations.brand_id) as "brandActive"`)) as unknown as {
      rows: { id: string; brandActive: boolean | null }[];
    };
    const conversationId = upserted.rows[0]!.id;
    const [inserted] = await tx
      .insert(messages)
      .values({
        conversationId,
        brandId: event.brandId,
        instagramMessageId: message.mid,
        sender: 'customer',
        content,
        kind,
        attachments: attachmentsOf(message),
        metadata: metadataOf(message),
        createdAt: event.occurredAt,
      })
      .onConflictDoNothing({ target: [messages.brandId, messages.instagramMessageId] })
      .returning({ id: messages.id });
    if (!inserted) return { outcome: 'duplicate', enqueued: false };
    if (!upserted.rows[0]!.brandActive) return { outcome: 'stored (brand paused)', enqueued: false };
    await jobs.send(
      assistantRespondJob,
      { kind: 'message', messageId: inserted.id },
      { tx, singletonKey: `message:${inserted.id}` },
    );
    return { outcome: 'stored', enqueued: true };
  };

  const applyDeleted: ApplyMessagingItem = async (tx, event, item, username) => {
    const mid = item.message!.mid;
    const updated = await tx
      .update(messages)
      .set({ deleted: true })
      .where(and(eq(messages.brandId, event.brandId), eq(messages.instagramMessageId, mid)))
      .returning({ id: messages.id });
    if (updated.length > 0) return { outcome: 'marked deleted', enqueued: false };
    // The deletion came before the message: keep a deleted placeholder so the late original stays deleted.
    const customer = item.message!.is_echo ? item.recipient.id : item.sender.id;
    const conversationId = await upsertConversation(tx, event.brandId, customer, username, event.occurredAt);
    await tx
      .insert(messages)
      .values({
        conversationId,
        brandId: event.brandId,
        instagramMessageId: mid,
        sender: item.message!.is_echo ? 'agent' : 'customer',
        content: '',
        deleted: true,
        createdAt: event.occurredAt,
      })
      .onConflictDoUpdate({
        target: [messages.brandId, messages.instagramMessageId],
        set: { deleted: true },
      });
    return { outcome: 'deleted before arrival', enqueued: false };
  };

  const applyEcho: ApplyMessagingItem = async (tx, event, item, username) => {
    const message = item.message!;
    const mid = message.mid;
    const customer = item.recipient.id;
    // 1. A message we sent and already know the id of.
    const ours = await tx
      .update(messages)
      .set({
        deliveryState: sql`case when ${messages.deliveryState} = 'seen' then 'seen' else 'delivered' end`,
      })
      .where(
        and(
          eq(messages.brandId, event.brandId),
          eq(messages.instagramMessageId, mid),
          sql`${messages.sender} <> 'customer'`,
        ),
      )
      .returning({ id: messages.id });
    const known = await tx
      .update(instagramSends)
      .set({ status: 'sent', updatedAt: sql`now()` })
      .where(and(eq(instagramSends.brandId, event.brandId), eq(instagramSends.graphId, mid)))
      .returning({ id: instagramSends.id });
    if (ours.length > 0 || known.length > 0) return { outcome: 'delivered', enqueued: false };

    // 2. A send of ours whose answer has not come back yet (in flight, or timed out): the echo resolves it.
    if (message.text !== undefined) {
      const pending = (await tx.execute(sql`
        select s.id, s.message_id, s.comment_id from instagram_sends s
        left join conversations c on c.id = s.conversation_id
        left join comments cm on cm.id = s.comment_id
        where s.brand_id = ${event.brandId} and s.status in ('queued', 'unknown') and s.graph_id is null
          and s.kind in ('direct_message', 'private_reply') and s.text = ${message.text}
          and (c.customer_instagram_id = ${customer} or cm.from_instagram_id = ${customer})
        order by s.created_at, s.part limit 1
        for update of s`)) as unknown as {
        rows: { id: string; message_id: string | null; comment_id: string | null }[];
      };
      const match = pending.rows[0];
      if (match) {
        await tx
          .update(instagramSends)
          .set({ status: 'sent', graphId: mid, error: null, updatedAt: sql`now()` })
          .where(eq(instagramSends.id, match.id));
        if (match.message_id) {
          await tx
            .update(messages)
            .set({ instagramMessageId: mid, deliveryState: 'delivered' })
            .where(eq(messages.id, match.message_id));
        }
        // A private reply has no message row: its comment is marked replied, as the outbound path does.
        if (match.comment_id) {
          await tx
            .update(comments)
            .set({ replied: true, replyContent: message.text })
            .where(eq(comments.id, match.comment_id));
        }
        return { outcome: 'delivered (resolved a pending send)', enqueued: false };
      }
    }

    // 3. Not ours: a person answered from the Instagram app. Store it and pause the assistant here.
    const { content, kind } = describeMessage(message);
    const conversationId = await upsertConversation(tx, event.brandId, customer, username, event.occurredAt);
    const [inserted] = await tx
      .insert(messages)
      .values({
        conversationId,
        brandId: event.brandId,
        instagramMessageId: mid,
        sender: 'agent',
        content,
        kind,
        attachments: attachmentsOf(message),
        metadata: metadataOf(message),
        deliveryState: 'delivered',
        createdAt: event.occurredAt,
      })
      .onConflictDoNothing({ target: [messages.brandId, messages.instagramMessageId] })
      .returning({ id: messages.id });
    if (!inserted) return { outcome: 'duplicate', enqueued: false };
    await touchConversation(tx, conversationId, event.occurredAt, false);
    await tx.execute(sql`update conversations set handled_by = 'person' where id = ${conversationId}`);
    return { outcome: 'person replied from Instagram', enqueued: false };
  };

  const applyPostback: ApplyMessagingItem = async (tx, event, item, username) => {
    const postback = item.postback!;
    const synthetic = {
      mid: postback.mid ?? event.dedupeKey,
      text: postback.title ?? postback.payload ?? '[Tapped a button]',
    };
    const result = await applyCustomerMessage(tx, event, { ...item, message: synthetic }, username);
    await tx
      .update(messages)
      .set({ kind: 'postback', metadata: { postback: postback.payload ?? null } })
      .where(and(eq(messages.brandId, event.brandId), eq(messages.instagramMessageId, synthetic.mid)));
    return result;
  };

  async function applyComment(tx: Tx, event: InstagramEventRow, accountId: string): Promise<Outcome> {
    const parsed = commentValueSchema.safeParse((event.payload as { value?: unknown }).value);
    if (!parsed.success) return { outcome: 'ignored (unreadable comment)', enqueued: false };
    const value = parsed.data;
    // Our own public replies come back as comments: never answer ourselves.
    if (value.from?.id === accountId) return { outcome: 'ignored (our own comment)', enqueued: false };
    const [inserted] = await tx
      .insert(comments)
      .values({
        brandId: event.brandId,
        instagramCommentId: value.id,
        username: value.from?.username ?? value.from?.id ?? 'unknown',
        content: value.text ?? '',
        mediaId: value.media?.id ?? null,
        parentInstagramCommentId: value.parent_id ?? null,
        fromInstagramId: value.from?.id ?? null,
        createdAt: event.occurredAt,
      })
      .onConflictDoNothing({ target: [comments.brandId, comments.instagramCommentId] })
      .returning({ id: comments.id });
    if (!inserted) return { outcome: 'duplicate', enqueued: false };
    if (!(await isBrandActive(tx, event.brandId)))
      return { outcome: 'stored (brand paused)', enqueued: false };
    await jobs.send(
      assistantRespondJob,
      { kind: 'comment', commentId: inserted.id },
      { tx, singletonKey: `comment:${inserted.id}` },
    );
    return { outcome: 'stored', enqueued: true };
  }

  async function applyEvent(tx: Tx, event: InstagramEventRow, username: string | null): Promise<Outcome> {
    if (event.kind === 'comment') return applyComment(tx, event, event.accountId);
    const parsed = messagingItemSchema.safeParse(event.payload);
    if (!parsed.success) return { outcome: `ignored (${event.kind})`, enqueued: false };
    const item = parsed.data;
    switch (event.kind) {
      case 'message':
        return applyCustomerMessage(tx, event, item, username);
      case 'deleted':
        return applyDeleted(tx, event, item, username);
      case 'echo':
        return applyEcho(tx, event, item, username);
      case 'postback':
        return applyPostback(tx, event, item, username);
      case 'read': {
        // Seen: our messages up to this one were read.
        await tx
          .update(messages)
          .set({ deliveryState: 'seen' })
          .where(
            and(
              eq(messages.brandId, event.brandId),
              eq(messages.instagramMessageId, item.read?.mid ?? ''),
              sql`${messages.sender} <> 'customer'`,
            ),
          );
        return { outcome: 'recorded', enqueued: false };
      }
      case 'reaction': {
        const reaction = item.reaction!;
        const value = reaction.action === 'unreact' ? null : (reaction.emoji ?? reaction.reaction ?? null);
        await tx
          .update(messages)
          .set({
            metadata: sql`coalesce(${messages.metadata}, '{}'::jsonb) || jsonb_build_object('reaction', ${value}::text)`,
          })
          .where(
            and(eq(messages.brandId, event.brandId), eq(messages.instagramMessageId, reaction.mid ?? '')),
          );
        return { outcome: 'recorded', enqueued: false };
      }
      default:
        // Referrals, standby (another app owns the thread) and shapes we do not use: kept in the inbox only.
        return { outcome: `ignored (${event.kind})`, enqueued: false };
    }
  }

  /** Applies one event under the thread's lock, once: a concurrent run that got there first leaves nothing to do. */
  async function processEvent(event: InstagramEventRow, username: string | null): Promise<boolean> {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${event.brandId}|${event.threadKey}`}))`,
        );
        const result = await applyEvent(tx, event, username);
        // Processed once: the mark is taken only while it is still unset (an UPDATE reads the latest committed
        // row). Another run that got there while this one waited for the lock undoes all of this one.
        const marked = await tx
          .update(instagramEvents)
          .set({
            processedAt: sql`now()`,
            outcome: result.outcome,
            attempts: event.attempts + 1,
            error: null,
          })
          .where(and(eq(instagramEvents.id, event.id), isNull(instagramEvents.processedAt)))
          .returning({ id: instagramEvents.id });
        if (marked.length === 0) throw new ProcessedElsewhere();
        return result.enqueued;
      });
    } catch (error) {
      if (error instanceof ProcessedElsewhere) return false;
      throw error;
    }
  }

  return {
    /** The job: every pending event of the thread, oldest first. Throws to be retried when an event fails. */
    async processThread(brandId: string, threadKey: string): Promise<number> {
      let handled = 0;
      const igsid = threadKey.startsWith('igsid:') ? threadKey.slice('igsid:'.length) : null;
      for (;;) {
        // The pending events with the customer's cached profile, in one round trip.
        const rows = await db
          .select({ event: instagramEvents, profile: instagramProfiles })
          .from(instagramEvents)
          .leftJoin(
            instagramProfiles,
            and(
              eq(instagramProfiles.brandId, instagramEvents.brandId),
              eq(instagramProfiles.igsid, igsid ?? ''),
            ),
          )
          .where(
            and(
              eq(instagramEvents.brandId, brandId),
              eq(instagramEvents.threadKey, threadKey),
              isNull(instagramEvents.processedAt),
            ),
          )
          .orderBy(asc(instagramEvents.occurredAt), asc(instagramEvents.receivedAt), asc(instagramEvents.id))
          .limit(sliceSize);
        if (rows.length === 0) return handled;
        const pending = rows.map((row) => row.event);
        const needsProfile =
          igsid !== null && pending.some((e) => ['message', 'echo', 'postback', 'deleted'].includes(e.kind));
        const cached = needsProfile ? (rows[0]!.profile ?? undefined) : undefined;
        const username = cached?.username ?? null;
        let woke = 0;
        for (const event of pending) {
          try {
            if (await processEvent(event, username)) woke += 1;
          } catch (error) {
            const attempts = event.attempts + 1;
            const message = error instanceof Error ? error.message.slice(0, 500) : 'processing failed';
            const giveUp = attempts >= maxEventAttempts;
            await db
              .update(instagramEvents)
              .set({
                attempts,
                error: message,
                ...(giveUp ? { processedAt: sql`now()`, outcome: 'failed' } : {}),
              })
              .where(eq(instagramEvents.id, event.id));
            log.error(
              { err: error, eventId: event.id, kind: event.kind, attempts },
              'instagram event processing failed',
            );
            if (!giveUp) {
              if (woke > 0) jobs.wake(assistantRespondJob, woke);
              throw error;
            }
          }
          handled += 1;
        }
        if (woke > 0) jobs.wake(assistantRespondJob, woke);
        // The profile is looked up after the messages are stored and handed on: the assistant never waits for it.
        if (needsProfile && !isFresh(cached)) await refreshUsername(brandId, igsid, cached);
        // A short slice was all there was; an event stored since came with its own job.
        if (pending.length < sliceSize) return handled;
      }
    },
  };
}

export type Processor = ReturnType<typeof createProcessor>;

/** Thrown inside an event's transaction to undo it: another run processed the event first. */
class ProcessedElsewhere extends Error {
  constructor() {
    super('the event was processed by another run');
  }
}
