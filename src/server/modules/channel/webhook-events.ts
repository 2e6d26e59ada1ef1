import { createHash } from 'node:crypto';
import { z } from '#contracts/zod.ts';
import type { InstagramWebhookPayload } from '#contracts/instagram.ts';

/** One update of a webhook delivery, ready for the inbox table (see db/schema/channel.ts). */
export interface InboundEvent {
  accountId: string;
  dedupeKey: string;
  kind: InboundEventKind;
  threadKey: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
}

export type InboundEventKind =
  | 'message'
  | 'echo'
  | 'deleted'
  | 'reaction'
  | 'read'
  | 'postback'
  | 'referral'
  | 'comment'
  | 'standby'
  | 'other';

const idSchema = z.union([z.string().min(1).max(256), z.number().transform(String)]);
const midSchema = z.string().min(1).max(1024);

export const messagingItemSchema = z.object({
  sender: z.object({ id: idSchema }),
  recipient: z.object({ id: idSchema }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: midSchema,
      text: z.string().max(20_000).optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z
        .array(
          z.object({
            type: z.string().max(100).optional(),
            payload: z
              .object({ url: z.string().max(4096).optional() })
              .partial()
              .nullable()
              .optional(),
          }),
        )
        .max(100)
        .optional(),
      reply_to: z
        .object({
          mid: z.string().max(1024).optional(),
          story: z.object({ url: z.string().max(4096).optional(), id: idSchema.optional() }).optional(),
        })
        .optional(),
      quick_reply: z.object({ payload: z.string().max(2000).optional() }).optional(),
      referral: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  reaction: z
    .object({
      mid: z.string().max(1024).optional(),
      action: z.string().max(20).optional(),
      reaction: z.string().max(100).optional(),
      emoji: z.string().max(100).optional(),
    })
    .optional(),
  postback: z
    .object({
      mid: z.string().max(1024).optional(),
      title: z.string().max(2000).optional(),
      payload: z.string().max(2000).optional(),
    })
    .optional(),
  read: z.object({ mid: z.string().max(1024).optional() }).optional(),
  referral: z.record(z.string(), z.unknown()).optional(),
});
export type MessagingItem = z.infer<typeof messagingItemSchema>;

export const commentValueSchema = z.object({
  id: idSchema,
  text: z.string().max(20_000).optional(),
  parent_id: idSchema.optional(),
  from: z.object({ id: idSchema.optional(), username: z.string().max(100).optional() }).optional(),
  media: z
    .object({ id: idSchema.optional(), media_product_type: z.string().max(100).optional() })
    .partial()
    .optional(),
});
export type CommentValue = z.infer<typeof commentValueSchema>;

const changeSchema = z.object({ field: z.string().max(100), value: commentValueSchema });

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** Instagram sends ms in messaging items and seconds in some entries; anything implausible becomes "now". */
export function toEventTime(value: number | undefined, fallback: Date): Date {
  if (value === undefined || !Number.isFinite(value) || value <= 0) return fallback;
  const ms = value < 1e11 ? value * 1000 : value;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return year >= 2010 && year <= 2100 ? date : fallback;
}

function fromMessagingItem(
  accountId: string,
  item: Record<string, unknown>,
  entryTime: Date,
  standby: boolean,
): InboundEvent {
  const parsed = messagingItemSchema.safeParse(item);
  if (!parsed.success) {
    return {
      accountId,
      dedupeKey: `other:${hashOf(item)}`,
      kind: 'other',
      threadKey: 'other',
      occurredAt: entryTime,
      payload: item,
    };
  }
  const data = parsed.data;
  const echo = data.message?.is_echo === true;
  const customer = echo ? data.recipient.id : data.sender.id;
  const base = {
    accountId,
    threadKey: `igsid:${customer}`,
    occurredAt: toEventTime(data.timestamp, entryTime),
    payload: item,
  };
  // Another app owns the thread (handover): recorded, not answered.
  if (standby) return { ...base, dedupeKey: `standby:${hashOf(item)}`, kind: 'standby' };
  if (data.message) {
    const mid = data.message.mid;
    if (data.message.is_deleted) return { ...base, dedupeKey: `deleted:${mid}`, kind: 'deleted' };
    if (echo) return { ...base, dedupeKey: `echo:${mid}`, kind: 'echo' };
    return { ...base, dedupeKey: `message:${mid}`, kind: 'message' };
  }
  if (data.reaction) return { ...base, dedupeKey: `reaction:${hashOf(item)}`, kind: 'reaction' };
  if (data.read) return { ...base, dedupeKey: `read:${data.read.mid ?? hashOf(item)}`, kind: 'read' };
  if (data.postback)
    return { ...base, dedupeKey: `postback:${data.postback.mid ?? hashOf(item)}`, kind: 'postback' };
  if (data.referral) return { ...base, dedupeKey: `referral:${hashOf(item)}`, kind: 'referral' };
  return { ...base, dedupeKey: `other:${hashOf(item)}`, kind: 'other' };
}

function fromChange(accountId: string, change: Record<string, unknown>, entryTime: Date): InboundEvent {
  const parsed = changeSchema.safeParse(change);
  if (parsed.success && (parsed.data.field === 'comments' || parsed.data.field === 'live_comments')) {
    const commentId = parsed.data.value.id;
    // A comment's id keys its dedupe: ad comments may arrive twice.
    return {
      accountId,
      dedupeKey: `comment:${commentId}`,
      kind: 'comment',
      threadKey: `comment:${commentId}`,
      occurredAt: entryTime,
      payload: change,
    };
  }
  return {
    accountId,
    dedupeKey: `other:${hashOf(change)}`,
    kind: 'other',
    threadKey: 'other',
    occurredAt: entryTime,
    payload: change,
  };
}

/** Every update of a delivery (a batch holds up to 1,000), each with its dedupe and thread keys. */
export function extractInboundEvents(payload: InstagramWebhookPayload, now = new Date()): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const entry of payload.entry) {
    const accountId = String(entry.id);
    const entryTime = toEventTime(entry.time, now);
    for (const item of entry.messaging ?? [])
      events.push(fromMessagingItem(accountId, item, entryTime, false));
    for (const item of entry.standby ?? []) events.push(fromMessagingItem(accountId, item, entryTime, true));
    for (const change of entry.changes ?? []) events.push(fromChange(accountId, change, entryTime));
  }
  // One delivery may repeat an update: keep the first.
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = `${event.accountId}|${event.dedupeKey}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
