/**
 * How `npm run bench:soak` (bench/soak.ts) decides that every buyer message was answered exactly once, from what
 * reached the fake Graph server: pure functions, so tests/bench/soak-judge.test.ts can show they catch a lost and a
 * doubled reply.
 */

/** One part of our reply to a buyer message, as `instagram_sends` holds it. */
export interface ReplyPartRow {
  /** The buyer message's Instagram id (mid). */
  mid: string;
  part: number;
  partCount: number;
  /** Graph's id for the part once it went out (the send answer, or the send reconciler's lookup). */
  graphId: string | null;
}

/** A send the fake Graph server carried out (`sentMessages()`). */
export interface GraphSend {
  recipient: Record<string, string>;
  messageId: string;
  /** When it arrived (ms since the epoch). */
  createdAt: number;
}

export interface DirectMessageVerdict {
  /** Buyer messages with a reply part that never reached Graph (no reply at all included). */
  lost: number;
  /** Parts that reached Graph more than once, plus sends to a buyer that no reply part accounts for. */
  duplicated: number;
  /** Of `duplicated`: sends to a buyer whose Graph id no reply part holds. */
  unattributed: number;
  /** Per answered message: its first part's arrival minus when its webhook was first sent (ms). */
  latencies: number[];
}

/**
 * `sentAt`: every buyer message the webhook acknowledged, with when it was first sent. `isBuyer`: which Graph
 * recipients are the run's buyers (other sends are not judged).
 */
export function judgeDirectMessages(input: {
  sentAt: ReadonlyMap<string, number>;
  replyParts: readonly ReplyPartRow[];
  graphSends: readonly GraphSend[];
  isBuyer: (recipientId: string) => boolean;
}): DirectMessageVerdict {
  const partOfGraphId = new Map<string, string>();
  const expectedParts = new Map<string, number>();
  for (const row of input.replyParts) {
    if (row.graphId) partOfGraphId.set(row.graphId, `${row.mid}#${row.part}`);
    expectedParts.set(row.mid, row.partCount);
  }
  const arrivals = new Map<string, number[]>(); // `${mid}#${part}` -> arrival times
  let unattributed = 0;
  for (const send of input.graphSends) {
    const recipient = send.recipient.id;
    if (!recipient || !input.isBuyer(recipient)) continue;
    const key = partOfGraphId.get(send.messageId);
    if (!key) {
      unattributed += 1;
      continue;
    }
    arrivals.set(key, [...(arrivals.get(key) ?? []), send.createdAt]);
  }
  let lost = 0;
  let duplicated = unattributed;
  const latencies: number[] = [];
  for (const [mid, sentAt] of input.sentAt) {
    const parts = expectedParts.get(mid) ?? 1;
    let missing = false;
    for (let part = 0; part < parts; part += 1) {
      const times = arrivals.get(`${mid}#${part}`) ?? [];
      if (times.length === 0) missing = true;
      duplicated += Math.max(0, times.length - 1);
    }
    if (missing) lost += 1;
    const first = arrivals.get(`${mid}#0`);
    if (first) latencies.push(Math.min(...first) - sentAt);
  }
  return { lost, duplicated, unattributed, latencies };
}

/** Each comment must get one private reply and one public reply. */
export function judgeComments(input: {
  commentIds: readonly string[];
  privateReplyTo: readonly string[];
  publicReplyTo: readonly string[];
}): { lost: number; duplicated: number } {
  const tally = (ids: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const privateReplies = tally(input.privateReplyTo);
  const publicReplies = tally(input.publicReplyTo);
  let lost = 0;
  let duplicated = 0;
  for (const commentId of input.commentIds) {
    for (const count of [privateReplies.get(commentId) ?? 0, publicReplies.get(commentId) ?? 0]) {
      if (count === 0) lost += 1;
      duplicated += Math.max(0, count - 1);
    }
  }
  return { lost, duplicated };
}
