import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, comments, conversations, liveEvents, messages, sessions } from '#server/db/schema/index.ts';
import { deleteSession, SESSION_IDLE_MS, sessionIdHashOf } from '#server/auth/sessions.ts';
import {
  createTestApp,
  createTestBrand,
  createTestUser,
  personalWorkspaceOf,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';
import { notify } from '#server/notifications/notify.ts';
import { pruneOlderThan } from '#server/db/batched-delete.ts';
import { liveEventsRetention } from './live-feed.ts';

interface Frame {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
  retry?: string;
}

/**
 * A real HTTP connection to /api/events, parsed frame by frame. `credential` is a session cookie, or
 * `{ bearer }` for an API key.
 */
async function openStream(baseUrl: string, credential: string | { bearer: string }, lastEventId?: string) {
  const controller = new AbortController();
  const auth: Record<string, string> =
    typeof credential === 'string'
      ? { cookie: credential }
      : { authorization: `Bearer ${credential.bearer}` };
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { ...auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const frames: Frame[] = [];
  let buffer = '';
  let waiters: (() => void)[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const [field, ...rest] = line.split(': ');
              const text = rest.join(': ');
              if (field === 'data') frame.data = JSON.parse(text);
              else if (field === 'id' || field === 'event' || field === 'retry') frame[field] = text;
            }
          }
          frames.push(frame);
        }
        for (const wake of waiters) wake();
        waiters = [];
      }
    } catch {
      // aborted
    }
  })();
  /** Waits until a frame matching `match` has arrived (searching from `from`), and returns it. */
  async function waitFor(match: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return {
    response,
    frames,
    waitFor,
    /** Settles when the server has ended the response (or the test aborted it). */
    ended: pump,
    async close() {
      controller.abort();
      await pump;
    },
  };
}

let baseUrl: string;
let ownerId: string;
let ownerCookie: string;
let ownerBrandId: string;
let ownerConversationId: string;
let strangerBrandId: string;
let strangerConversationId: string;

const app = useTestApp({ env: { LIVE_EVENTS_HEARTBEAT_SECONDS: '0.2' } });
beforeAll(async () => {
  baseUrl = await app.app.listen({ host: '127.0.0.1', port: 0 });
  const db = app.database.db;
  const owner = await createTestUser(db);
  const stranger = await createTestUser(db);
  ownerId = owner.id;
  ownerCookie = (await signInAs(db, owner.id)).cookie;
  ownerBrandId = (await createTestBrand(db, { userId: owner.id, name: 'Mine', username: 'mine' })).id;
  strangerBrandId = (await createTestBrand(db, { userId: stranger.id, name: 'Theirs', username: 'theirs' }))
    .id;
  const [c1] = await db
    .insert(conversations)
    .values({ brandId: ownerBrandId, customerUsername: 'a', customerInstagramId: 'a' })
    .returning();
  const [c2] = await db
    .insert(conversations)
    .values({ brandId: strangerBrandId, customerUsername: 'b', customerInstagramId: 'b' })
    .returning();
  ownerConversationId = c1!.id;
  strangerConversationId = c2!.id;
});

/** Every kept live event id, oldest first (or newest first). */
const liveEventIds = async ({ newestFirst = false } = {}) => {
  const { rows } = await app.database.executeSql(
    `select id from live_events order by id ${newestFirst ? 'desc' : 'asc'}`,
  );
  return rows.map((row) => Number(row.id));
};
/** Moves every kept live event two hours back, past the default retention of one hour. */
const ageLiveEvents = () =>
  app.database.db.update(liveEvents).set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });

const addMessage = (conversationId: string, brandId: string, content: string) =>
  app.database.db
    .insert(messages)
    .values({ conversationId, brandId, sender: 'customer', content })
    .returning();

describe('GET /api/events', () => {
  it('tells the open dashboard about a notification, brand-less ones too, and replays it (decision 045)', async () => {
    const stream = await openStream(baseUrl, ownerCookie);
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      const [brand] = await app.database.db.select().from(brands).where(eq(brands.id, ownerBrandId));
      const notified = await notify(app.database.db, {
        workspaceId: brand!.workspaceId,
        kind: 'invitation_accepted',
        title: 'Someone joined',
        link: '/dashboard/settings/team',
        audience: 'all',
      });
      expect(notified).toBe(1);
      const frame = await stream.waitFor(
        (candidate) => (candidate.data as { topic?: string } | undefined)?.topic === 'notification',
      );
      expect(frame).toMatchObject({
        event: 'change',
        data: { topic: 'notification', op: 'insert', brandId: null, id: null, conversationId: null },
      });
      const replayed = await openStream(baseUrl, ownerCookie, String(Number(frame.id) - 1));
      try {
        await replayed.waitFor((candidate) => candidate.id === frame.id && candidate.event === 'change');
      } finally {
        await replayed.close();
      }
    } finally {
      await stream.close();
    }
  });

  it('answers 401 signed out', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it("streams the user's own changes only, with ids, and heartbeats", async () => {
    const stream = await openStream(baseUrl, ownerCookie);
    try {
      expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
      // The security headers of every answer come with the stream's own head too.
      expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.response.headers.get('content-security-policy')).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      const ready = await stream.waitFor((frame) => frame.event === 'ready');
      expect(Number(ready.id)).toBeGreaterThanOrEqual(0);

      // The stranger's message is written first; the next change the owner sees must be their own.
      await addMessage(strangerConversationId, strangerBrandId, 'not yours');
      const [message] = await addMessage(ownerConversationId, ownerBrandId, 'yours');
      const change = await stream.waitFor((frame) => frame.event === 'change');
      expect(change.data).toEqual({
        topic: 'message',
        op: 'insert',
        brandId: ownerBrandId,
        id: message!.id,
        conversationId: ownerConversationId,
      });
      expect(Number(change.id)).toBeGreaterThan(Number(ready.id));

      // Writes through the API publish too (no code in the writing module): a status change.
      await app.database.db
        .update(conversations)
        .set({ status: 'escalated' })
        .where(eq(conversations.id, ownerConversationId));
      await stream.waitFor(
        (frame) => frame.event === 'change' && (frame.data as { topic: string }).topic === 'conversation',
      );
      await stream.waitFor((frame) => frame.comment === 'heartbeat');
      const seen = stream.frames.filter((frame) => frame.event === 'change').map((frame) => frame.data);
      expect(seen.every((data) => (data as { brandId: string }).brandId === ownerBrandId)).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('ends the stream at the next heartbeat once its session is signed out or its API key revoked', async () => {
    const db = app.database.db;
    const { cookie } = await signInAs(db, ownerId);
    const workspaceId = await personalWorkspaceOf(db, ownerId);
    const keysUrl = `/api/workspaces/${workspaceId}/api-keys`;
    const created = await app.app.inject({
      method: 'POST',
      url: keysUrl,
      headers: { cookie: ownerCookie },
      payload: { name: 'Zapier', role: 'agent' },
    });
    expect(created.statusCode).toBe(201);
    const { id: keyId, key } = created.json<{ id: string; key: string }>();
    const session = await openStream(baseUrl, cookie);
    const bearer = await openStream(baseUrl, { bearer: key });
    const other = await openStream(baseUrl, ownerCookie);
    try {
      for (const stream of [session, bearer, other]) {
        await stream.waitFor((frame) => frame.event === 'ready');
        await stream.waitFor((frame) => frame.comment === 'heartbeat');
      }
      await deleteSession(db, cookie.slice(cookie.indexOf('=') + 1));
      const revoked = await app.app.inject({
        method: 'DELETE',
        url: `${keysUrl}/${keyId}`,
        headers: { cookie: ownerCookie },
      });
      expect(revoked.statusCode).toBe(204);
      await Promise.all([session.ended, bearer.ended]);
      // The owner's other session is untouched: it keeps beating and receiving.
      const beats = other.frames.filter((frame) => frame.comment === 'heartbeat').length;
      await other.waitFor(
        () => other.frames.filter((frame) => frame.comment === 'heartbeat').length > beats + 1,
      );
      // Reconnecting with either is refused.
      expect((await fetch(`${baseUrl}/api/events`, { headers: { cookie } })).status).toBe(401);
      expect(
        (await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(401);
    } finally {
      await Promise.all([session.close(), bearer.close(), other.close()]);
    }
  });

  it('a heartbeat is not activity: an unattended tab reaches the idle limit and its stream ends there', async () => {
    const db = app.database.db;
    const { cookie } = await signInAs(db, ownerId);
    const idHash = sessionIdHashOf(cookie.slice(cookie.indexOf('=') + 1));
    const stream = await openStream(baseUrl, cookie);
    try {
      await stream.waitFor((frame) => frame.event === 'ready');
      // Long enough ago that any lookup counting as activity would move it.
      const quietSince = new Date(Date.now() - 60 * 60 * 1000);
      await db.update(sessions).set({ lastSeenAt: quietSince }).where(eq(sessions.idHash, idHash));
      const beats = () => stream.frames.filter((frame) => frame.comment === 'heartbeat').length;
      const before = beats();
      await stream.waitFor(() => beats() > before + 1);
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
      expect(row!.lastSeenAt.getTime()).toBe(quietSince.getTime());

      // Idle past the limit while the tab stays open: the next heartbeat ends the stream.
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) })
        .where(eq(sessions.idHash, idHash));
      await stream.ended;
      expect((await fetch(`${baseUrl}/api/events`, { headers: { cookie } })).status).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it('resumes after a reconnect from Last-Event-ID, replaying only what was missed', async () => {
    const first = await openStream(baseUrl, ownerCookie);
    const ready = await first.waitFor((frame) => frame.event === 'ready');
    await first.close();

    const [comment] = await app.database.db
      .insert(comments)
      .values({ brandId: ownerBrandId, instagramCommentId: 'missed', username: 'u', content: 'while away' })
      .returning();
    await addMessage(strangerConversationId, strangerBrandId, 'still not yours');

    const second = await openStream(baseUrl, ownerCookie, ready.id);
    try {
      await second.waitFor((frame) => frame.event === 'ready');
      const replayed = second.frames.filter((frame) => frame.event === 'change');
      expect(replayed.map((frame) => frame.data)).toEqual([
        { topic: 'comment', op: 'insert', brandId: ownerBrandId, id: comment!.id, conversationId: null },
      ]);
    } finally {
      await second.close();
    }
  });

  it('tells the browser to refetch everything when the missed events were pruned, then resumes from the newest', async () => {
    await addMessage(ownerConversationId, ownerBrandId, 'one');
    await addMessage(ownerConversationId, ownerBrandId, 'two');
    const [oldest] = await app.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .orderBy(liveEvents.id)
      .limit(1);
    // Age every event past the retention; pruning keeps only the newest.
    await ageLiveEvents();
    await pruneOlderThan(app.database.db, { ...liveEventsRetention, olderThan: { seconds: 3600 } });
    const newest = await liveEventIds();
    expect(newest).toHaveLength(1);
    const stream = await openStream(baseUrl, ownerCookie, String(oldest!.id));
    let reset: Frame;
    try {
      reset = await stream.waitFor((frame) => frame.event === 'reset');
      await stream.waitFor((frame) => frame.event === 'ready');
    } finally {
      await stream.close();
    }
    // The reset carries the newest id, so EventSource's next reconnect resumes normally from there.
    expect(Number(reset.id)).toBe(newest[0]);
    const again = await openStream(baseUrl, ownerCookie, reset.id);
    try {
      await again.waitFor((frame) => frame.event === 'ready');
      expect(again.frames.filter((frame) => frame.event === 'reset' || frame.event === 'change')).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('tells the browser to refetch everything when its Last-Event-ID is past every event (another database)', async () => {
    const [newest] = await liveEventIds({ newestFirst: true });
    const stream = await openStream(baseUrl, ownerCookie, String(newest! + 1000));
    try {
      const reset = await stream.waitFor((frame) => frame.event === 'reset');
      expect(Number(reset.id)).toBe(newest);
    } finally {
      await stream.close();
    }
  });

  it('pruning deletes events past the retention in batches until done; recent ones and the newest stay', async () => {
    await ageLiveEvents();
    const old = await liveEventIds();
    await addMessage(ownerConversationId, ownerBrandId, 'recent one');
    await addMessage(strangerConversationId, strangerBrandId, 'recent two');
    const recent = (await liveEventIds()).filter((id) => !old.includes(id));
    expect(recent.length).toBeGreaterThanOrEqual(2);

    const result = await pruneOlderThan(app.database.db, {
      ...liveEventsRetention,
      olderThan: { seconds: 3600 },
      batchSize: 2,
    });
    expect(result).toEqual({ deleted: old.length, statements: Math.floor(old.length / 2) + 1 });
    expect(await liveEventIds()).toEqual(recent);

    // Once everything is old, the newest row still stays: replay needs to know where kept history starts.
    await ageLiveEvents();
    await pruneOlderThan(app.database.db, {
      ...liveEventsRetention,
      olderThan: { seconds: 3600 },
      batchSize: 2,
    });
    expect(await liveEventIds()).toEqual([recent.at(-1)]);
  });

  it('answers 400 for a Last-Event-ID it did not hand out', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: ownerCookie, 'last-event-id': 'abc' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('does not keep the server from closing while a stream is open', async () => {
    const extra = await createTestApp();
    const url = await extra.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await createTestUser(extra.database.db);
    const stream = await openStream(url, (await signInAs(extra.database.db, user.id)).cookie);
    await stream.waitFor((frame) => frame.event === 'ready');
    // Without the preClose hook this would wait for the stream forever (the test's timeout fails it).
    await extra.app.close();
    await stream.waitFor((frame) => frame === stream.frames.at(-1));
    await stream.close();
    await extra.close();
  });
});
