import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '#tests/support/cli.ts';
import { brands, conversations, instagramConnections, messages } from '#server/db/schema/index.ts';
import { createTestUser, signInAs, useTestApp } from '#tests/support/test-app.ts';

let owner: { cookie: string };
let stranger: { cookie: string };
let unverified: { cookie: string };
let ownerBrandIds: string[];
let ownerConversationId: string;
let strangerBrandId: string;
let strangerConversationId: string;

const get = (url: string, cookie?: string) =>
  app.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

type Json = Record<string, unknown>;

const app = useTestApp();
beforeAll(async () => {
  const db = app.database.db;
  const ownerUser = await createTestUser(db, { email: 'owner@example.com', firstName: 'Olive' });
  const strangerUser = await createTestUser(db, { email: 'stranger@example.com' });
  const pendingUser = await createTestUser(db, { email: 'pending@example.com', verified: false });
  expect(await runAdminCli(app.database, ['seed-demo', '--email', 'owner@example.com'])).toMatchObject({
    code: 0,
  });
  owner = await signInAs(db, ownerUser.id);
  stranger = await signInAs(db, strangerUser.id);
  unverified = await signInAs(db, pendingUser.id);

  const brandList = (await get('/api/brands', owner.cookie)).json() as Json[];
  ownerBrandIds = brandList.map((b) => b.id as string);
  const conversationList = (
    await get(`/api/brands/${ownerBrandIds[0]}/conversations`, owner.cookie)
  ).json() as Json[];
  ownerConversationId = conversationList[0]!.id as string;

  const [brand] = await db
    .insert(brands)
    .values({
      userId: strangerUser.id,
      name: 'Stranger Things',
      username: 'stranger',
      instagramConnected: true,
    })
    .returning();
  strangerBrandId = brand!.id;
  // A real account (not the sample one): the list must not call it the sample account.
  await db.insert(instagramConnections).values({
    brandId: strangerBrandId,
    accountId: '17841400000000001',
    username: 'stranger',
    accessTokenSealed: 'sealed',
  });
  const [conversation] = await db
    .insert(conversations)
    .values({ brandId: strangerBrandId, customerUsername: 'secret.buyer', customerInstagramId: 's-1' })
    .returning();
  strangerConversationId = conversation!.id;
  await db.insert(messages).values({
    conversationId: strangerConversationId,
    brandId: strangerBrandId,
    sender: 'customer',
    content: 'private',
  });
});

const endpoints = () => [
  '/api/brands',
  `/api/brands/${ownerBrandIds[0]}/conversations`,
  `/api/conversations/${ownerConversationId}/messages`,
  `/api/brands/${ownerBrandIds[0]}/comments`,
  `/api/brands/${ownerBrandIds[0]}/personality`,
  `/api/brands/${ownerBrandIds[0]}/automation-rules`,
];

describe('dashboard reads: who may read', () => {
  it('answers 401 to a signed-out visitor on every endpoint', async () => {
    for (const url of endpoints()) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to a user still under review on every endpoint', async () => {
    for (const url of endpoints()) expect((await get(url, unverified.cookie)).statusCode, url).toBe(403);
  });
});

describe('GET /api/brands', () => {
  it("lists only the signed-in user's brands, oldest first, with the product fields", async () => {
    const response = await get('/api/brands', owner.cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Json[];
    expect(list.map((b) => b.name)).toEqual(['Luna Skincare', 'Urban Threads', 'Peak Outdoor Gear']);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'active',
        'id',
        'instagramConnected',
        'instagramSample',
        'name',
        'shopifyConnected',
        'storePlatform',
        'username',
      ].sort(),
    );
    expect(list[0]).toMatchObject({
      username: 'lunaskincare',
      active: true,
      // seed-demo connects the sample store and the sample Instagram account (decision 041).
      instagramConnected: true,
      shopifyConnected: true,
    });
    // Which account and store answer: the demo's sample ones are named as such; only Luna has the sample store.
    expect(list.map((b) => [b.instagramSample, b.storePlatform])).toEqual([
      [true, 'sample'],
      [true, null],
      [true, null],
    ]);
    expect(response.headers['x-next-cursor']).toBeUndefined();

    const strangers = (await get('/api/brands', stranger.cookie)).json() as Json[];
    expect(strangers.map((b) => b.name)).toEqual(['Stranger Things']);
    expect(strangers[0]).toMatchObject({ instagramConnected: true, instagramSample: false });
  });
});

describe('lists of one brand or conversation', () => {
  it('conversations: newest lastMessageAt first, the product fields', async () => {
    const response = await get(`/api/brands/${ownerBrandIds[0]}/conversations`, owner.cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Json[];
    expect(list.length).toBe(12);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'customerUsername',
      'handledBy',
      'id',
      'lastMessageAt',
      'preview',
      'status',
      'unread',
    ]);
    expect(list[0]!.handledBy).toBe('assistant');
    const times = list.map((c) => Date.parse(c.lastMessageAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0]!.customerUsername).toBe('emma.glow');
  });

  it('messages: oldest first, with sender, content, createdAt and inventoryChecked', async () => {
    const response = await get(`/api/conversations/${ownerConversationId}/messages`, owner.cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Json[];
    expect(list.map((m) => [m.sender, m.inventoryChecked])).toEqual([
      ['customer', false],
      ['ai', true],
      ['customer', false],
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'content',
      'createdAt',
      'deliveryState',
      'id',
      'inventoryChecked',
      'sender',
    ]);
    const times = list.map((m) => Date.parse(m.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('comments: newest first, with replied and replyContent', async () => {
    const list = (await get(`/api/brands/${ownerBrandIds[0]}/comments`, owner.cookie)).json() as Json[];
    expect(list.length).toBe(6);
    expect(list[0]).toMatchObject({
      username: 'glowgetter',
      replied: true,
      replyContent: 'Sent you a DM with the link! ✨',
    });
    expect(list[1]).toMatchObject({ username: 'skin.by.sara', replied: false, replyContent: null });
    const times = list.map((c) => Date.parse(c.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('personality: the saved one, or the defaults for a brand without one', async () => {
    const saved = (await get(`/api/brands/${ownerBrandIds[0]}/personality`, owner.cookie)).json();
    expect(saved).toMatchObject({
      brandId: ownerBrandIds[0],
      archetype: 'caregiver',
      tone: 'empathetic',
      saved: true,
    });
    const defaults = (await get(`/api/brands/${strangerBrandId}/personality`, stranger.cookie)).json();
    expect(defaults).toEqual({
      brandId: strangerBrandId,
      archetype: 'everyman',
      tone: 'friendly',
      voiceDescription: '',
      exampleResponses: '',
      saved: false,
    });
  });

  it('automation rules: the three samples in order', async () => {
    const list = (
      await get(`/api/brands/${ownerBrandIds[1]}/automation-rules`, owner.cookie)
    ).json() as Json[];
    expect(list.map((r) => r.name)).toEqual([
      'Product Inquiry Response',
      'Fire Emoji Comment to DM',
      'After-Hours Auto Reply',
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'action',
      'actionConfig',
      'active',
      'firedLast30Days',
      'id',
      'name',
      'trigger',
      'triggerConfig',
    ]);
    expect(list[1]).toMatchObject({ triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] } });
  });
});

describe("another user's data answers 404, exactly like a missing id", () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  const expectNotFound = async (url: string, message: string) => {
    const response = await get(url, owner.cookie);
    expect(response.statusCode, url).toBe(404);
    expect(response.json()).toEqual({ message, code: 'NOT_FOUND' });
    expect(response.body).not.toContain('Stranger');
    expect(response.body).not.toContain('private');
  };

  it('GET /api/brands/{brandId}/conversations', async () => {
    await expectNotFound(`/api/brands/${strangerBrandId}/conversations`, 'Brand not found');
    await expectNotFound(`/api/brands/${missing}/conversations`, 'Brand not found');
  });
  it('GET /api/conversations/{conversationId}/messages', async () => {
    await expectNotFound(`/api/conversations/${strangerConversationId}/messages`, 'Conversation not found');
    await expectNotFound(`/api/conversations/${missing}/messages`, 'Conversation not found');
  });
  it('GET /api/brands/{brandId}/comments', async () => {
    await expectNotFound(`/api/brands/${strangerBrandId}/comments`, 'Brand not found');
    await expectNotFound(`/api/brands/${missing}/comments`, 'Brand not found');
  });
  it('GET /api/brands/{brandId}/personality', async () => {
    await expectNotFound(`/api/brands/${strangerBrandId}/personality`, 'Brand not found');
  });
  it('GET /api/brands/{brandId}/automation-rules', async () => {
    await expectNotFound(`/api/brands/${strangerBrandId}/automation-rules`, 'Brand not found');
  });
});

describe('bad input answers 400 naming the problem', () => {
  it('malformed ids', async () => {
    for (const url of [
      '/api/brands/not-a-uuid/conversations',
      '/api/brands/123/comments',
      "/api/brands/'%20or%201=1--/personality",
      '/api/brands/00000000-0000-0000-0000-00000000000g/automation-rules',
      '/api/conversations/xyz/messages',
    ]) {
      const response = await get(url, owner.cookie);
      expect(response.statusCode, url).toBe(400);
      const body = response.json() as { issues: { path: string }[] };
      expect(body.issues[0]!.path, url).toMatch(/brandId|conversationId/);
    }
  });

  it('limit out of range and cursors we did not hand out', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1.5',
      'cursor=%20',
      `cursor=${'a'.repeat(201)}`,
      'cursor=bm9wZQ',
    ]) {
      const response = await get(`/api/brands/${ownerBrandIds[0]}/conversations?${query}`, owner.cookie);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { issues: { path: string }[] }).issues[0]!.path, query).toMatch(
        /limit|cursor/,
      );
    }
    for (const forged of [
      "2026-01-01 00:00:00+00|x' or 1=1",
      '2026-02-30 00:00:00+00|00000000-0000-4000-8000-000000000000',
      '2026-01-01 24:00:00+00|00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await get(
        `/api/brands?cursor=${Buffer.from(forged).toString('base64url')}`,
        owner.cookie,
      );
      expect(response.statusCode, forged).toBe(400);
    }
    const valid = Buffer.from('2026-01-01 00:00:00.5+05:30|00000000-0000-4000-8000-000000000000').toString(
      'base64url',
    );
    expect((await get(`/api/brands?cursor=${valid}`, owner.cookie)).statusCode).toBe(200);
  });
});

describe('keyset paging', () => {
  it('returns every item exactly once, in order, even when timestamps tie', async () => {
    const db = app.database.db;
    const [brand] = await db
      .insert(brands)
      .values({
        userId: (await get('/api/auth/user', owner.cookie)).json().id,
        name: 'Paging',
        username: 'paging',
      })
      .returning();
    // 25 conversations on 5 timestamps that share a millisecond but differ in microseconds, plus exact ties.
    await app.database.executeSql(
      `insert into conversations (brand_id, customer_username, customer_instagram_id, last_message_at)
       select $1::uuid, 'buyer' || n, 'p-' || n,
              timestamptz '2026-01-01 12:00:00.123' + ((n % 5) * interval '1 microsecond')
       from generate_series(1, 25) n`,
      [brand!.id],
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await get(
        `/api/brands/${brand!.id}/conversations?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        owner.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...(response.json() as Json[]).map((c) => c.customerUsername as string));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(25);
    expect(seen.length).toBe(25);
    const { rows } = await app.database.executeSql(
      `select customer_username from conversations where brand_id = $1 order by last_message_at desc, id desc`,
      [brand!.id],
    );
    expect(seen).toEqual(rows.map((r) => r.customer_username));
  });

  it('pages brands, messages, comments and rules with the same header', async () => {
    const brandPage = await get('/api/brands?limit=2', owner.cookie);
    expect((brandPage.json() as Json[]).length).toBe(2);
    const next = await get(`/api/brands?limit=2&cursor=${brandPage.headers['x-next-cursor']}`, owner.cookie);
    expect((next.json() as Json[]).map((b) => b.name)).toEqual(
      ['Peak Outdoor Gear', 'Paging'].slice(0, (next.json() as Json[]).length),
    );
    const messagePage = await get(`/api/conversations/${ownerConversationId}/messages?limit=2`, owner.cookie);
    const rest = await get(
      `/api/conversations/${ownerConversationId}/messages?limit=2&cursor=${messagePage.headers['x-next-cursor']}`,
      owner.cookie,
    );
    expect([...(messagePage.json() as Json[]), ...(rest.json() as Json[])].map((m) => m.sender)).toEqual([
      'customer',
      'ai',
      'customer',
    ]);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const commentPage = await get(`/api/brands/${ownerBrandIds[0]}/comments?limit=5`, owner.cookie);
    const commentRest = await get(
      `/api/brands/${ownerBrandIds[0]}/comments?limit=5&cursor=${commentPage.headers['x-next-cursor']}`,
      owner.cookie,
    );
    expect((commentRest.json() as Json[]).map((c) => c.username)).toEqual(['kayla.k']);
  });
});
