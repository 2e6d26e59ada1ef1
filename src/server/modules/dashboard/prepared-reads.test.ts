import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from '#contracts/zod.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandSchema, conversationSchema, listPaging, messageSchema } from '#contracts/dashboard.ts';
import { brands, conversations, messages, sessions, users } from '#server/db/schema/index.ts';
import { listBrandsOfWorkspace, listConversationsOfBrand, listMessagesOfConversation } from './queries.ts';
import {
  createSignedInUser,
  createTestUser,
  personalWorkspaceOf,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';

/**
 * The three hot reads and the session lookup run as prepared statements built once per database handle
 * (decision 016). These tests prove that nothing about who may read what was cached along with them: every
 * request checks the session afresh, ownership is in every form of the query (first page and next page), and
 * the bodies still match the contracts.
 */
let ownerId: string;
let brandId: string;
let conversationId: string;
let strangerCookie: string;

const get = (url: string, cookie: string) => app.app.inject({ method: 'GET', url, headers: { cookie } });
const hot = () => [
  '/api/brands',
  `/api/brands/${brandId}/conversations`,
  `/api/conversations/${conversationId}/messages`,
];
const tokenOf = (cookie: string) => cookie.split('=')[1]!;
/** The sessions table keys a session by the SHA-256 of its cookie value. */
const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
const day = 24 * 60 * 60 * 1000;

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  const owner = await createTestUser(db, { email: 'prepared-owner@example.com' });
  ownerId = owner.id;
  const [brand] = await db
    .insert(brands)
    .values({ userId: ownerId, name: 'Prepared Brand', username: 'prepared' })
    .returning();
  brandId = brand!.id;
  const rows = await db
    .insert(conversations)
    .values(
      [1, 2, 3].map((n) => ({
        brandId,
        customerUsername: `buyer_${n}`,
        customerInstagramId: `p-${n}`,
        lastMessageAt: new Date(Date.now() - n * 60_000),
      })),
    )
    .returning();
  conversationId = rows[0]!.id;
  await db.insert(messages).values(
    [1, 2, 3].map((n) => ({
      conversationId,
      brandId,
      sender: n % 2 ? ('customer' as const) : ('ai' as const),
      content: `message ${n}`,
      createdAt: new Date(Date.now() - (10 - n) * 60_000),
    })),
  );
  strangerCookie = (await createSignedInUser(db, { email: 'prepared-stranger@example.com' })).cookie;
});

describe('the session is checked on every request, never remembered', () => {
  it('a session deleted between two requests (sign-out, revocation) is refused on the very next one', async () => {
    const { cookie } = await signInAs(app.database.db, ownerId);
    for (const url of hot()) expect((await get(url, cookie)).statusCode, url).toBe(200);
    await app.database.db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(tokenOf(cookie))));
    for (const url of hot()) expect((await get(url, cookie)).statusCode, url).toBe(401);
  });

  it('a session that went idle past 7 days, or past its 30-day end, is refused on the very next request', async () => {
    const idle = await signInAs(app.database.db, ownerId);
    const ended = await signInAs(app.database.db, ownerId);
    for (const url of hot()) {
      expect((await get(url, idle.cookie)).statusCode, url).toBe(200);
      expect((await get(url, ended.cookie)).statusCode, url).toBe(200);
    }
    await app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * day - 60_000) })
      .where(eq(sessions.idHash, hashSessionToken(tokenOf(idle.cookie))));
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashSessionToken(tokenOf(ended.cookie))));
    for (const url of hot()) {
      expect((await get(url, idle.cookie)).statusCode, url).toBe(401);
      expect((await get(url, ended.cookie)).statusCode, url).toBe(401);
    }
  });

  it('an account set back to "under review" gets 403 on the very next request', async () => {
    const pending = await createSignedInUser(app.database.db, { email: 'prepared-pending@example.com' });
    expect((await get('/api/brands', pending.cookie)).statusCode).toBe(200);
    await app.database.db.update(users).set({ verified: false }).where(eq(users.id, pending.id));
    expect((await get('/api/brands', pending.cookie)).statusCode).toBe(403);
  });
});

describe('ownership is in every form of the prepared queries', () => {
  it("another user's brand and conversation are 404, on the first page and with a next-page cursor", async () => {
    const owner = await signInAs(app.database.db, ownerId);
    const firstConversations = await get(`/api/brands/${brandId}/conversations?limit=1`, owner.cookie);
    const firstMessages = await get(`/api/conversations/${conversationId}/messages?limit=1`, owner.cookie);
    const conversationCursor = firstConversations.headers[listPaging.cursorHeader] as string;
    const messageCursor = firstMessages.headers[listPaging.cursorHeader] as string;
    expect(conversationCursor).toBeTruthy();
    expect(messageCursor).toBeTruthy();
    // The owner's next pages work...
    expect(
      (await get(`/api/brands/${brandId}/conversations?cursor=${conversationCursor}`, owner.cookie)).json(),
    ).toHaveLength(2);
    expect(
      (
        await get(`/api/conversations/${conversationId}/messages?cursor=${messageCursor}`, owner.cookie)
      ).json(),
    ).toHaveLength(2);
    // ...and the same URLs are 404 for someone else, first page or not.
    for (const url of [
      `/api/brands/${brandId}/conversations`,
      `/api/brands/${brandId}/conversations?cursor=${conversationCursor}`,
      `/api/conversations/${conversationId}/messages`,
      `/api/conversations/${conversationId}/messages?cursor=${messageCursor}`,
    ]) {
      const response = await get(url, strangerCookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('buyer_');
      expect(response.body, url).not.toContain('message ');
    }
    // The stranger's own brand list holds none of the owner's brands.
    expect((await get('/api/brands', strangerCookie)).json()).toEqual([]);
  });
});

describe('ownership in the filtered lists (a statement per filter shape)', () => {
  it("a search, status or unread filter on another user's brand is 404, matching or not; the owner's empty search is 200", async () => {
    const owner = await signInAs(app.database.db, ownerId);
    const first = await get(`/api/brands/${brandId}/conversations?q=buyer&limit=1`, owner.cookie);
    const cursor = first.headers[listPaging.cursorHeader] as string;
    expect(first.json()).toHaveLength(1);
    expect(cursor).toBeTruthy();
    const filtered = [
      'q=buyer',
      'q=message%202',
      'q=velvet',
      `q=buyer&cursor=${cursor}`,
      'status=open',
      'status=resolved',
      'unread=true',
    ];
    for (const query of filtered) {
      const url = `/api/brands/${brandId}/conversations?${query}`;
      const response = await get(url, strangerCookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('buyer_');
    }
    // The owner's search with no match is an empty page, not "not found".
    const none = await get(`/api/brands/${brandId}/conversations?q=velvet`, owner.cookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    expect((await get(`/api/brands/${brandId}/conversations?q=message%202`, owner.cookie)).json()).toEqual([
      expect.objectContaining({ customerUsername: 'buyer_1' }),
    ]);
  });

  it('a filtered list says in the same statement whether the brand is readable, by name and through Drizzle', async () => {
    const db = app.database.db;
    const stranger = await createTestUser(db, { email: 'prepared-stranger-2@example.com' });
    const page = { limit: 5 };
    const read = (handle: typeof db, userId: string, q: string) =>
      listConversationsOfBrand(handle, userId, brandId, page, { q });
    const direct = {
      match: await read(db, ownerId, 'buyer_2'),
      none: await read(db, ownerId, 'velvet'),
      stranger: await read(db, stranger.id, 'buyer_2'),
    };
    expect(direct.match.rows.map((row) => row.customerUsername)).toEqual(['buyer_2']);
    expect(direct.match.rows[0]!.lastMessageAt).toBe(await storedLastMessageAt(direct.match.rows[0]!.id));
    expect(direct.none).toEqual({ rows: [], readable: true });
    expect(direct.stranger).toEqual({ rows: [], readable: false });
    const viaDrizzle = await db.transaction(async (tx) => ({
      match: await read(tx, ownerId, 'buyer_2'),
      none: await read(tx, ownerId, 'velvet'),
      stranger: await read(tx, stranger.id, 'buyer_2'),
    }));
    expect(viaDrizzle).toEqual(direct);
  });
});

/** A conversation's lastMessageAt as Drizzle's own mapper reads it, in ISO form. */
async function storedLastMessageAt(id: string) {
  const [row] = await app.database.db
    .select({ lastMessageAt: conversations.lastMessageAt })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row!.lastMessageAt.toISOString();
}

describe('the bodies match the contracts', () => {
  it('brands, conversations and messages parse with their zod schemas, with no extra fields', async () => {
    const { cookie } = await signInAs(app.database.db, ownerId);
    const [brandList, conversationList, messageList] = await Promise.all(
      hot().map((url) => get(url, cookie)),
    );
    // strict(): a field the contract does not name would fail the parse.
    expect(z.array(brandSchema.strict()).parse(brandList!.json())).toHaveLength(1);
    expect(z.array(conversationSchema.strict()).parse(conversationList!.json())).toHaveLength(3);
    expect(
      z
        .array(messageSchema.strict())
        .parse(messageList!.json())
        .map((m) => m.content),
    ).toEqual(['message 1', 'message 2', 'message 3']);
  });
});

describe('the rows read by name are the rows Drizzle maps', () => {
  it('the hot lists give the same rows through the array runner and through a transaction (Drizzle)', async () => {
    const db = app.database.db;
    const page = { limit: 2 };
    const direct = {
      brands: await listBrandsOfWorkspace(db, ownerId, await personalWorkspaceOf(db, ownerId), page),
      conversations: (await listConversationsOfBrand(db, ownerId, brandId, page)).rows,
      messages: await listMessagesOfConversation(db, ownerId, conversationId, page),
    };
    const after = { at: direct.messages[1]!.positionAt, id: direct.messages[1]!.id };
    const directNext = await listMessagesOfConversation(db, ownerId, conversationId, { limit: 2, after });
    const viaDrizzle = await db.transaction(async (tx) => ({
      brands: await listBrandsOfWorkspace(tx, ownerId, await personalWorkspaceOf(tx, ownerId), page),
      conversations: (await listConversationsOfBrand(tx, ownerId, brandId, page)).rows,
      messages: await listMessagesOfConversation(tx, ownerId, conversationId, page),
      next: await listMessagesOfConversation(tx, ownerId, conversationId, { limit: 2, after }),
    }));
    // Lists read one row more than the limit, to know whether another page exists.
    expect(direct.conversations).toHaveLength(3);
    // Timestamps come as the API writes them: the stored instant, in ISO form (db/timestamps.ts).
    expect(direct.conversations[0]!.lastMessageAt).toBe(
      await storedLastMessageAt(direct.conversations[0]!.id),
    );
    expect(direct.messages.map((m) => m.createdAt)).toEqual(
      (
        await db
          .select({ createdAt: messages.createdAt })
          .from(messages)
          .where(eq(messages.conversationId, conversationId))
          .orderBy(messages.createdAt)
          .limit(3)
      ).map((m) => m.createdAt.toISOString()),
    );
    expect(directNext.map((m) => m.content)).toEqual(['message 3']);
    expect({ ...direct, next: directNext }).toEqual(viaDrizzle);
  });
});
