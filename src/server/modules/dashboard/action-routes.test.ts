import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  automationRules,
  brandPersonalities,
  brands,
  comments,
  conversations,
  messages,
} from '#server/db/schema/index.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import {
  createSignedInOwner,
  createSignedInUser,
  createTestApp,
  createTestUser,
  type TestApp,
  useTestApp,
} from '#tests/support/test-app.ts';
import type { AssistantDrafts, ChannelOutbound } from './ports.ts';
import { MESSAGE_SEARCH_REMEMBERED_MS, messageSearchFor, rememberedMessageSearch } from './queries.ts';

type Json = Record<string, unknown>;
const missing = '00000000-0000-4000-8000-000000000000';

/**
 * A channel over the real database with the guard's behaviour of the ChannelOutbound port (the real one speaks to
 * the fake Graph): escalated conversations are refused with AppError CONFLICT, sends are stored first, and an
 * idempotency key sends once.
 */
function createInTestChannel(getDb: () => Database) {
  const calls: { kind: string; input: Json }[] = [];
  const usedKeys = new Map<string, string[]>();
  let windowOpen = true;
  const channel: ChannelOutbound = {
    async sendDirectMessage(input) {
      calls.push({ kind: 'dm', input });
      const db = getDb();
      const [conversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.id, input.conversationId));
      if (conversation!.status === 'escalated' && input.origin === 'assistant') {
        throw new AppError('CONFLICT', 'The conversation is escalated to a person.');
      }
      if (!windowOpen) throw new AppError('CONFLICT', 'The 24-hour messaging window has closed.');
      const previous = usedKeys.get(input.idempotencyKey);
      if (previous) return { status: 'sent', messageIds: previous, duplicate: true };
      const [row] = await db
        .insert(messages)
        .values({
          conversationId: input.conversationId,
          brandId: conversation!.brandId,
          sender: input.origin === 'person' ? 'agent' : 'ai',
          content: input.text,
        })
        .returning({ id: messages.id });
      if (input.origin === 'person') {
        await db
          .update(conversations)
          .set({ handledBy: 'person' })
          .where(eq(conversations.id, input.conversationId));
      }
      usedKeys.set(input.idempotencyKey, [row!.id]);
      return { status: 'sent', messageIds: [row!.id], duplicate: false };
    },
    async sendCommentReply(input) {
      calls.push({ kind: 'comment', input });
      await getDb()
        .update(comments)
        .set({ replied: true, replyContent: input.text })
        .where(eq(comments.id, input.commentId));
      return { status: 'sent', messageIds: [], duplicate: false };
    },
    async checkDirectMessageWindow() {
      return windowOpen
        ? { allowed: true, humanAgentTag: false, closesAt: '2030-01-01T00:00:00.000Z' }
        : { allowed: false, code: 'window_closed', reason: 'The 24-hour messaging window has closed.' };
    },
  };
  return {
    channel,
    calls,
    setWindowOpen(open: boolean) {
      windowOpen = open;
    },
  };
}

const drafts: AssistantDrafts = {
  async draftReply({ conversationId }) {
    return { reply: `Draft for ${conversationId}`, trace: { steps: [] } };
  },
};

let bare: TestApp;
let owner: { id: string; cookie: string };
let ownerBrandId: string;
let ownerConversationId: string;
let ownerCommentId: string;
let ownerRuleId: string;
let strangerBrandId: string;
let strangerConversationId: string;
let strangerCommentId: string;
let strangerRuleId: string;
const fakeChannel = createInTestChannel(() => app.database.db);

const send = (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; target?: TestApp } = {},
) =>
  (options.target ?? app).app.inject({
    method,
    url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as Json }),
  });

const validRule = {
  name: 'Size questions',
  triggerConfig: { type: 'dm_keyword', keywords: ['size', 'fit'] },
  actionConfig: { type: 'fixed_text', text: 'Our size guide: {product_link}' },
};

const app = useTestApp({ dashboardPorts: { channel: fakeChannel.channel, drafts } });
beforeAll(async () => {
  const db = app.database.db;
  owner = await createSignedInUser(db);
  const stranger = await createTestUser(db);

  const seedBrand = async (userId: string, username: string) => {
    const [brand] = await db
      .insert(brands)
      .values({ userId, name: `Brand ${username}`, username })
      .returning();
    const [conversation] = await db
      .insert(conversations)
      .values({
        brandId: brand!.id,
        customerUsername: `${username}.buyer`,
        customerInstagramId: `ig-${username}`,
      })
      .returning();
    await db
      .insert(messages)
      .values({ conversationId: conversation!.id, brandId: brand!.id, sender: 'customer', content: 'Hi!' });
    const [comment] = await db
      .insert(comments)
      .values({
        brandId: brand!.id,
        instagramCommentId: `c-${username}`,
        username: 'fan',
        content: 'Love it 🔥',
      })
      .returning();
    const [rule] = await db
      .insert(automationRules)
      .values({
        brandId: brand!.id,
        name: 'Hello',
        trigger: 'A customer sends their first message',
        action: 'Do nothing',
        triggerConfig: { type: 'first_message' },
        actionConfig: { type: 'do_nothing' },
      })
      .returning();
    return { brand: brand!.id, conversation: conversation!.id, comment: comment!.id, rule: rule!.id };
  };
  const mine = await seedBrand(owner.id, 'mine');
  const theirs = await seedBrand(stranger.id, 'theirs');
  ({
    brand: ownerBrandId,
    conversation: ownerConversationId,
    comment: ownerCommentId,
    rule: ownerRuleId,
  } = mine);
  ({
    brand: strangerBrandId,
    conversation: strangerConversationId,
    comment: strangerCommentId,
    rule: strangerRuleId,
  } = theirs);
});

afterAll(async () => {
  await bare?.close();
});

/** Every write endpoint with a valid body for the owner's ids and the stranger's ids. */
const writeEndpoints = () =>
  [
    { method: 'POST', url: '/api/brands', body: { name: 'New', username: 'new.brand' }, theirs: null },
    {
      method: 'PATCH',
      url: `/api/brands/${ownerBrandId}`,
      body: { name: 'Renamed' },
      theirs: `/api/brands/${strangerBrandId}`,
    },
    {
      method: 'DELETE',
      url: `/api/brands/${missing}`,
      body: undefined,
      theirs: `/api/brands/${strangerBrandId}`,
    },
    {
      method: 'PUT',
      url: `/api/brands/${ownerBrandId}/personality`,
      body: { archetype: 'sage', tone: 'witty', voiceDescription: 'Calm.', exampleResponses: '' },
      theirs: `/api/brands/${strangerBrandId}/personality`,
    },
    {
      method: 'POST',
      url: `/api/brands/${ownerBrandId}/automation-rules`,
      body: validRule,
      theirs: `/api/brands/${strangerBrandId}/automation-rules`,
    },
    {
      method: 'PATCH',
      url: `/api/automation-rules/${ownerRuleId}`,
      body: { active: false },
      theirs: `/api/automation-rules/${strangerRuleId}`,
    },
    {
      method: 'DELETE',
      url: `/api/automation-rules/${missing}`,
      body: undefined,
      theirs: `/api/automation-rules/${strangerRuleId}`,
    },
    {
      method: 'PATCH',
      url: `/api/conversations/${ownerConversationId}`,
      body: { status: 'resolved' },
      theirs: `/api/conversations/${strangerConversationId}`,
    },
    {
      method: 'POST',
      url: `/api/conversations/${ownerConversationId}/messages`,
      body: { content: 'Hello from the team' },
      theirs: `/api/conversations/${strangerConversationId}/messages`,
    },
    {
      method: 'POST',
      url: `/api/conversations/${ownerConversationId}/draft`,
      body: undefined,
      theirs: `/api/conversations/${strangerConversationId}/draft`,
    },
    {
      method: 'POST',
      url: `/api/comments/${ownerCommentId}/reply`,
      body: { content: 'Thanks!', visibility: 'public' },
      theirs: `/api/comments/${strangerCommentId}/reply`,
    },
  ] as const;

describe('dashboard writes: who may write', () => {
  it('answers 401 signed out, 403 cross-origin, and 404 for the ids of another user', async () => {
    for (const endpoint of writeEndpoints()) {
      const label = `${endpoint.method} ${endpoint.url}`;
      const signedOut = await send(endpoint.method, endpoint.url, { body: endpoint.body });
      expect(signedOut.statusCode, label).toBe(401);
      const crossOrigin = await send(endpoint.method, endpoint.url, {
        body: endpoint.body,
        cookie: owner.cookie,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossOrigin.statusCode, label).toBe(403);
      if (endpoint.theirs) {
        const theirs = await send(endpoint.method, endpoint.theirs, {
          body: endpoint.body,
          cookie: owner.cookie,
        });
        expect(theirs.statusCode, `${endpoint.method} ${endpoint.theirs}`).toBe(404);
      }
    }
    // Nothing of the stranger's changed.
    const db = app.database.db;
    const [brand] = await db.select().from(brands).where(eq(brands.id, strangerBrandId));
    expect(brand).toMatchObject({ name: 'Brand theirs', active: true });
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, strangerConversationId));
    expect(conversation!.status).toBe('active');
    const [rule] = await db.select().from(automationRules).where(eq(automationRules.id, strangerRuleId));
    expect(rule!.active).toBe(true);
    const [comment] = await db.select().from(comments).where(eq(comments.id, strangerCommentId));
    expect(comment!.replied).toBe(false);
    expect(fakeChannel.calls).toEqual([]);
  });
});

describe('oversized bodies and fuzzed list queries', () => {
  it('answers 400 to a NUL character in a name or a text, storing nothing (PostgreSQL cannot store it)', async () => {
    const rename = await send('PATCH', `/api/automation-rules/${ownerRuleId}`, {
      body: { name: 'Fire\u0000' },
      cookie: owner.cookie,
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toMatch(/Name must not contain control characters\./);
    const before = (
      await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })
    ).json();
    const voice = await send('PUT', `/api/brands/${ownerBrandId}/personality`, {
      body: { archetype: 'sage', tone: 'witty', voiceDescription: 'calm\u0000', exampleResponses: '' },
      cookie: owner.cookie,
    });
    // The contract allows any text here; the database refuses NUL and the error handler says so.
    expect(voice.statusCode).toBe(400);
    expect(voice.json().message).toMatch(/NUL/);
    const after = (
      await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })
    ).json();
    expect(after).toEqual(before);
  });

  it('answers 413 to a body over the limit, storing nothing', async () => {
    const response = await send('PUT', `/api/brands/${ownerBrandId}/personality`, {
      body: { archetype: 'sage', tone: 'witty', voiceDescription: 'x'.repeat(20_000), exampleResponses: '' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(413);
    const personality = (
      await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })
    ).json();
    expect(personality).toMatchObject({ saved: false });
  });

  it('never answers 5xx to any search or status on the lists and counts (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 120 }),
        fc.oneof(fc.constantFrom('active', 'escalated', ''), fc.string({ maxLength: 12 })),
        async (q, status) => {
          const query = new URLSearchParams({ q, status }).toString();
          for (const url of [
            `/api/brands/${ownerBrandId}/conversations?${query}`,
            `/api/brands/${ownerBrandId}/comments?q=${encodeURIComponent(q)}`,
            `/api/brands/${ownerBrandId}/inbox-counts?${query}`,
          ]) {
            const response = await send('GET', url, { cookie: owner.cookie });
            expect(response.statusCode, url).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('brands', () => {
  it('creates a brand from a name and an Instagram username (the @ dropped, lower case)', async () => {
    const response = await send('POST', '/api/brands', {
      body: { name: '  Moss & Stone ', username: '@Moss.And_Stone' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Moss & Stone',
      username: 'moss.and_stone',
      active: true,
      instagramConnected: false,
      shopifyConnected: false,
    });
    const list = (await send('GET', '/api/brands', { cookie: owner.cookie })).json() as Json[];
    expect(list.map((brand) => brand.name)).toContain('Moss & Stone');
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', username: 'ok' }, 'name'],
      [{ name: 'x'.repeat(81), username: 'ok' }, 'name'],
      [{ name: 'Ok', username: 'has space' }, 'username'],
      [{ name: 'Ok', username: 'a'.repeat(31) }, 'username'],
      [{ name: 'Ok', username: 'émile' }, 'username'],
      [{ name: 'Ok' }, 'username'],
      [{ username: 'ok' }, 'name'],
      [{ name: 'Ok', username: 'ok', active: false }, 'active'],
    ];
    const before = await app.database.db.select().from(brands);
    for (const [body, field] of cases) {
      const response = await send('POST', '/api/brands', { body, cookie: owner.cookie });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const issues = (response.json() as { issues: { path: string; message: string }[] }).issues;
      expect(
        issues.some((issue) => issue.path === field || issue.message?.includes(field)),
        `${JSON.stringify(body)} -> ${JSON.stringify(issues)}`,
      ).toBe(true);
    }
    expect(await app.database.db.select().from(brands)).toHaveLength(before.length);
  });

  it('renames, pauses and resumes; a bad field changes nothing', async () => {
    const created = (
      await send('POST', '/api/brands', {
        body: { name: 'Pause Me', username: 'pause.me' },
        cookie: owner.cookie,
      })
    ).json() as Json;
    const url = `/api/brands/${created.id}`;
    const paused = await send('PATCH', url, { body: { active: false }, cookie: owner.cookie });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ active: false, name: 'Pause Me' });
    const renamed = await send('PATCH', url, {
      body: { name: 'Paused Brand', username: 'paused.brand', active: true },
      cookie: owner.cookie,
    });
    expect(renamed.json()).toMatchObject({ name: 'Paused Brand', username: 'paused.brand', active: true });

    for (const [body, field] of [
      [{ name: 'Fine', username: 'no spaces allowed' }, 'username'],
      [{ active: 'yes' }, 'active'],
      [{ name: '   ' }, 'name'],
      [{}, 'body'],
    ] as const) {
      const response = await send('PATCH', url, { body, cookie: owner.cookie });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field === 'body' ? 'at least one' : field);
    }
    const [row] = await app.database.db
      .select()
      .from(brands)
      .where(eq(brands.id, created.id as string));
    expect(row).toMatchObject({ name: 'Paused Brand', username: 'paused.brand', active: true });
  });

  it('deletes a brand with its conversations, messages, comments, personality and rules (204)', async () => {
    const db = app.database.db;
    const created = (
      await send('POST', '/api/brands', {
        body: { name: 'Short Lived', username: 'short.lived' },
        cookie: owner.cookie,
      })
    ).json() as Json;
    const brandId = created.id as string;
    const [conversation] = await db
      .insert(conversations)
      .values({ brandId, customerUsername: 'x', customerInstagramId: 'x-1' })
      .returning();
    await db
      .insert(messages)
      .values({ conversationId: conversation!.id, brandId, sender: 'customer', content: 'x' });
    await db.insert(comments).values({ brandId, instagramCommentId: 'x-c', username: 'x', content: 'x' });
    await send('PUT', `/api/brands/${brandId}/personality`, {
      body: { archetype: 'hero', tone: 'luxury', voiceDescription: '', exampleResponses: '' },
      cookie: owner.cookie,
    });
    await send('POST', `/api/brands/${brandId}/automation-rules`, { body: validRule, cookie: owner.cookie });

    const response = await send('DELETE', `/api/brands/${brandId}`, { cookie: owner.cookie });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    for (const table of [conversations, messages, comments, brandPersonalities, automationRules] as const) {
      expect(await db.select().from(table).where(eq(table.brandId, brandId))).toEqual([]);
    }
    expect((await send('DELETE', `/api/brands/${brandId}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect(
      (await send('GET', `/api/brands/${brandId}/personality`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('personality', () => {
  it('saves the whole personality and reads it back as saved', async () => {
    const body = {
      archetype: 'explorer',
      tone: 'enthusiastic',
      voiceDescription: 'Bold, outdoorsy.',
      exampleResponses: 'Trail-ready!',
    };
    const response = await send('PUT', `/api/brands/${ownerBrandId}/personality`, {
      body,
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ brandId: ownerBrandId, ...body, saved: true });
    const again = await send('PUT', `/api/brands/${ownerBrandId}/personality`, {
      body: { ...body, tone: 'professional' },
      cookie: owner.cookie,
    });
    expect(again.json()).toMatchObject({ tone: 'professional' });
    expect(
      (await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })).json(),
    ).toEqual({
      brandId: ownerBrandId,
      ...body,
      tone: 'professional',
      saved: true,
    });
  });

  it('answers 400 per bad field (bounded lengths) and keeps what was saved', async () => {
    const good = { archetype: 'sage', tone: 'witty', voiceDescription: '', exampleResponses: '' };
    const cases: [Json, string][] = [
      [{ ...good, archetype: 'wizard' }, 'archetype'],
      [{ ...good, tone: 'loud' }, 'tone'],
      [{ ...good, voiceDescription: 'x'.repeat(2001) }, 'voiceDescription'],
      [{ ...good, exampleResponses: 'x'.repeat(4001) }, 'exampleResponses'],
      [{ archetype: 'sage', tone: 'witty', voiceDescription: '' }, 'exampleResponses'],
    ];
    const before = (
      await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })
    ).json();
    for (const [body, field] of cases) {
      const response = await send('PUT', `/api/brands/${ownerBrandId}/personality`, {
        body,
        cookie: owner.cookie,
      });
      expect(response.statusCode, field).toBe(400);
      expect((response.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(
        field,
      );
    }
    expect(
      (await send('GET', `/api/brands/${ownerBrandId}/personality`, { cookie: owner.cookie })).json(),
    ).toEqual(before);
  });
});

describe('automation rules', () => {
  it('creates a rule from its structured trigger and action, with the readable texts generated', async () => {
    const response = await send('POST', `/api/brands/${ownerBrandId}/automation-rules`, {
      body: validRule,
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'Size questions',
      trigger: 'A message contains "size" or "fit"',
      action: 'Reply: "Our size guide: {product_link}"',
      active: true,
      triggerConfig: validRule.triggerConfig,
      actionConfig: validRule.actionConfig,
    });
    const duplicate = await send('POST', `/api/brands/${ownerBrandId}/automation-rules`, {
      body: validRule,
      cookie: owner.cookie,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ issues: [{ path: 'name' }] });
  });

  it('answers 400 naming the bad field of a trigger or an action', async () => {
    const cases: [Json, string][] = [
      [{ ...validRule, name: '' }, 'name'],
      [{ ...validRule, triggerConfig: { type: 'dm_keyword', keywords: [] } }, 'triggerConfig.keywords'],
      [{ ...validRule, triggerConfig: { type: 'sometimes' } }, 'triggerConfig.type'],
      [
        { ...validRule, triggerConfig: { type: 'outside_business_hours', opensAt: '25:00' } },
        'triggerConfig.opensAt',
      ],
      [
        { ...validRule, triggerConfig: { type: 'outside_business_hours', timeZone: 'Mars/Base' } },
        'triggerConfig.timeZone',
      ],
      [{ ...validRule, actionConfig: { type: 'fixed_text', text: '' } }, 'actionConfig.text'],
      [{ ...validRule, actionConfig: { type: 'fixed_text', text: 'x'.repeat(1001) } }, 'actionConfig.text'],
      [{ ...validRule, active: 'on' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', `/api/brands/${ownerBrandId}/automation-rules`, {
        body: { ...body, name: field === 'name' ? '' : `Bad ${field}` },
        cookie: owner.cookie,
      });
      expect(response.statusCode, field).toBe(400);
      const paths = (response.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path);
      expect(
        paths.some((path) => path.startsWith(field)),
        `${field}: ${paths.join(', ')}`,
      ).toBe(true);
    }
  });

  it('updates any field or active alone; texts follow the configs; a bad update changes nothing', async () => {
    const url = `/api/automation-rules/${ownerRuleId}`;
    const toggled = await send('PATCH', url, { body: { active: false }, cookie: owner.cookie });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({
      active: false,
      name: 'Hello',
      trigger: 'A customer sends their first message',
    });

    const edited = await send('PATCH', url, {
      body: {
        name: 'Fire comments',
        triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
        actionConfig: { type: 'private_reply_product_link', publicReply: 'Check your DMs!' },
      },
      cookie: owner.cookie,
    });
    expect(edited.json()).toMatchObject({
      name: 'Fire comments',
      trigger: 'A comment contains the 🔥 emoji',
      action: 'Send the commenter a DM with the product link and reply publicly: "Check your DMs!"',
      active: false,
    });

    const bad = await send('PATCH', url, {
      body: { name: 'Changed', triggerConfig: { type: 'comment_keyword', keywords: [''] } },
      cookie: owner.cookie,
    });
    expect(bad.statusCode).toBe(400);
    const taken = await send('PATCH', url, { body: { name: 'Size questions' }, cookie: owner.cookie });
    expect(taken.statusCode).toBe(409);
    const [row] = await app.database.db
      .select()
      .from(automationRules)
      .where(eq(automationRules.id, ownerRuleId));
    expect(row).toMatchObject({ name: 'Fire comments', trigger: 'A comment contains the 🔥 emoji' });
  });

  it('deletes a rule (204), then 404', async () => {
    const created = (
      await send('POST', `/api/brands/${ownerBrandId}/automation-rules`, {
        body: { ...validRule, name: 'Temporary' },
        cookie: owner.cookie,
      })
    ).json() as Json;
    const url = `/api/automation-rules/${created.id}`;
    expect((await send('DELETE', url, { cookie: owner.cookie })).statusCode).toBe(204);
    expect((await send('DELETE', url, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await send('PATCH', url, { body: { active: true }, cookie: owner.cookie })).statusCode).toBe(404);
  });
});

describe('conversation status', () => {
  it('archives, resolves, escalates, and hands back to the assistant', async () => {
    const url = `/api/conversations/${ownerConversationId}`;
    for (const status of ['archived', 'resolved', 'escalated'] as const) {
      const response = await send('PATCH', url, { body: { status }, cookie: owner.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: ownerConversationId, status, handledBy: 'assistant' });
    }
    await app.database.db
      .update(conversations)
      .set({ handledBy: 'person' })
      .where(eq(conversations.id, ownerConversationId));
    const handedBack = await send('PATCH', url, { body: { status: 'active' }, cookie: owner.cookie });
    expect(handedBack.json()).toEqual({ id: ownerConversationId, status: 'active', handledBy: 'assistant' });
  });

  it('answers 400 for an unknown status or extra field, changing nothing', async () => {
    const url = `/api/conversations/${ownerConversationId}`;
    for (const body of [{ status: 'closed' }, {}, { status: 'resolved', handledBy: 'person' }]) {
      const response = await send('PATCH', url, { body, cookie: owner.cookie });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, ownerConversationId));
    expect(row).toMatchObject({ status: 'active', handledBy: 'assistant' });
  });
});

describe('sends through the channel and drafts from the assistant', () => {
  it('sends a person reply (sender agent), once per idempotency key', async () => {
    const url = `/api/conversations/${ownerConversationId}/messages`;
    const headers = { 'idempotency-key': 'reply-0001-abcdef' };
    const first = await send('POST', url, {
      body: { content: 'Hi, Sam here.' },
      cookie: owner.cookie,
      headers,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ status: 'sent', messageIds: [expect.any(String)], duplicate: false });
    const again = await send('POST', url, {
      body: { content: 'Hi, Sam here.' },
      cookie: owner.cookie,
      headers,
    });
    expect(again.json()).toMatchObject({ duplicate: true });
    const list = (await send('GET', url, { cookie: owner.cookie })).json() as Json[];
    expect(list.filter((message) => message.sender === 'agent').map((message) => message.content)).toEqual([
      'Hi, Sam here.',
    ]);
    expect(fakeChannel.calls.at(-1)).toMatchObject({
      kind: 'dm',
      input: { conversationId: ownerConversationId, origin: 'person', text: 'Hi, Sam here.' },
    });
  });

  it('tells the window before typing, and answers 409 naming why a send is refused', async () => {
    const windowUrl = `/api/conversations/${ownerConversationId}/send-window`;
    expect((await send('GET', windowUrl, { cookie: owner.cookie })).json()).toMatchObject({ allowed: true });
    fakeChannel.setWindowOpen(false);
    try {
      expect((await send('GET', windowUrl, { cookie: owner.cookie })).json()).toEqual({
        allowed: false,
        code: 'window_closed',
        reason: 'The 24-hour messaging window has closed.',
      });
      const refused = await send('POST', `/api/conversations/${ownerConversationId}/messages`, {
        body: { content: 'Too late?' },
        cookie: owner.cookie,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'The 24-hour messaging window has closed.',
        code: 'CONFLICT',
      });
    } finally {
      fakeChannel.setWindowOpen(true);
    }
    expect(
      (
        await send('GET', `/api/conversations/${strangerConversationId}/send-window`, {
          cookie: owner.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 400 for empty, oversized or extra content and a malformed idempotency key', async () => {
    const url = `/api/conversations/${ownerConversationId}/messages`;
    for (const body of [
      { content: '   ' },
      { content: 'x'.repeat(2001) },
      {},
      { content: 'ok', sender: 'ai' },
    ]) {
      expect((await send('POST', url, { body, cookie: owner.cookie })).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const badKey = await send('POST', url, {
      body: { content: 'ok' },
      cookie: owner.cookie,
      headers: { 'idempotency-key': 'no spaces here' },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ issues: [{ path: 'idempotency-key' }] });
  });

  it('drafts the assistant reply without sending it', async () => {
    const before = fakeChannel.calls.length;
    const response = await send('POST', `/api/conversations/${ownerConversationId}/draft`, {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reply: `Draft for ${ownerConversationId}` });
    expect(fakeChannel.calls.length).toBe(before);
  });

  it('replies to a comment publicly or privately; the comment becomes Replied', async () => {
    for (const [body, field] of [
      [{ content: 'x', visibility: 'secret' }, 'visibility'],
      [{ content: '', visibility: 'public' }, 'content'],
      [{ content: 'x'.repeat(2201), visibility: 'private' }, 'content'],
    ] as const) {
      const response = await send('POST', `/api/comments/${ownerCommentId}/reply`, {
        body,
        cookie: owner.cookie,
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toContain(
        field,
      );
    }
    const response = await send('POST', `/api/comments/${ownerCommentId}/reply`, {
      body: { content: 'Sent you a DM!', visibility: 'private' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(201);
    expect(fakeChannel.calls.at(-1)).toMatchObject({
      kind: 'comment',
      input: { commentId: ownerCommentId, visibility: 'private', origin: 'person', text: 'Sent you a DM!' },
    });
    const list = (
      await send('GET', `/api/brands/${ownerBrandId}/comments`, { cookie: owner.cookie })
    ).json() as Json[];
    expect(list.find((comment) => comment.id === ownerCommentId)).toMatchObject({
      replied: true,
      replyContent: 'Sent you a DM!',
    });
  });

  it('answers 503 with a clear message when the channel or the assistant is not wired', async () => {
    // runtime.ts wires the channel's outbound path and the assistant's drafts; this app goes without both.
    bare = await createTestApp({ dashboardPorts: { channel: undefined, drafts: undefined } });
    const db = bare.database.db;
    const { cookie, brand } = await createSignedInOwner(db);
    const [conversation] = await db
      .insert(conversations)
      .values({ brandId: brand.id, customerUsername: 'c', customerInstagramId: 'c' })
      .returning();
    const [comment] = await db
      .insert(comments)
      .values({ brandId: brand.id, instagramCommentId: 'c', username: 'c', content: 'c' })
      .returning();
    const cases = [
      [
        'POST',
        `/api/conversations/${conversation!.id}/messages`,
        { content: 'x' },
        'Sending through Instagram',
      ],
      ['GET', `/api/conversations/${conversation!.id}/send-window`, undefined, 'Sending through Instagram'],
      ['POST', `/api/conversations/${conversation!.id}/draft`, undefined, 'The assistant'],
      [
        'POST',
        `/api/comments/${comment!.id}/reply`,
        { content: 'x', visibility: 'public' },
        'Sending through Instagram',
      ],
    ] as const;
    for (const [method, url, body, what] of cases) {
      const response = await send(method, url, { body, cookie, target: bare });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({
        message: `${what} is not available on this server yet.`,
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
});

describe('search, status filter and counts on the server', () => {
  it('filters conversations by username and status and comments by username or content, case-insensitively', async () => {
    const db = app.database.db;
    const { brand, ...session } = await createSignedInOwner(db, { name: 'Search', username: 'search' });
    const brandId = brand.id;
    await db.insert(conversations).values([
      { brandId, customerUsername: 'Anna.Bell', customerInstagramId: '1', status: 'active' },
      { brandId, customerUsername: 'annabelle_x', customerInstagramId: '2', status: 'resolved' },
      { brandId, customerUsername: 'bob', customerInstagramId: '3', status: 'escalated' },
      { brandId, customerUsername: '100%_real', customerInstagramId: '4', status: 'active' },
    ]);
    await db.insert(comments).values([
      { brandId, instagramCommentId: 'a', username: 'fan1', content: 'Need this in BLUE' },
      { brandId, instagramCommentId: 'b', username: 'bluebird', content: 'wow' },
      { brandId, instagramCommentId: 'c', username: 'other', content: 'price?' },
    ]);
    const names = async (url: string) =>
      ((await send('GET', url, { cookie: session.cookie })).json() as Json[]).map(
        (row) => (row.customerUsername ?? row.username) as string,
      );
    expect(await names(`/api/brands/${brandId}/conversations?q=ANNA`)).toEqual(
      expect.arrayContaining(['Anna.Bell', 'annabelle_x']),
    );
    expect(await names(`/api/brands/${brandId}/conversations?q=anna&status=resolved`)).toEqual([
      'annabelle_x',
    ]);
    expect(await names(`/api/brands/${brandId}/conversations?status=escalated`)).toEqual(['bob']);
    // % and _ are matched literally.
    expect(await names(`/api/brands/${brandId}/conversations?q=${encodeURIComponent('%_')}`)).toEqual([
      '100%_real',
    ]);
    expect((await names(`/api/brands/${brandId}/comments?q=blue`)).sort()).toEqual(['bluebird', 'fan1']);

    const counts = await send('GET', `/api/brands/${brandId}/inbox-counts?q=blue`, {
      cookie: session.cookie,
    });
    expect(counts.json()).toEqual({ conversations: 0, unread: 0, comments: 2 });
    expect(
      (await send('GET', `/api/brands/${brandId}/inbox-counts`, { cookie: session.cookie })).json(),
    ).toEqual({ conversations: 4, unread: 0, comments: 3 });
    expect(
      (
        await send('GET', `/api/brands/${brandId}/inbox-counts?status=active&q=a`, { cookie: session.cookie })
      ).json(),
    ).toEqual({ conversations: 2, unread: 0, comments: 1 });
    expect(
      (await send('GET', `/api/brands/${brandId}/inbox-counts`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `/api/brands/${brandId}/conversations?status=closed`, { cookie: session.cookie }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('GET', `/api/brands/${brandId}/comments?q=${'x'.repeat(101)}`, { cookie: session.cookie }))
        .statusCode,
    ).toBe(400);
  });

  it('finds DMs by what was written in them, only in the brand searched, with counts that agree', async () => {
    const db = app.database.db;
    const session = await createSignedInUser(db);
    const [mine, other] = await db
      .insert(brands)
      .values([
        { userId: session.id, name: 'Text search', username: 'textsearch' },
        { userId: session.id, name: 'Other brand', username: 'otherbrand' },
      ])
      .returning();
    const [cara, dev, eli] = await db
      .insert(conversations)
      .values([
        { brandId: mine!.id, customerUsername: 'cara', customerInstagramId: 't1' },
        { brandId: mine!.id, customerUsername: 'dev', customerInstagramId: 't2' },
        { brandId: other!.id, customerUsername: 'eli', customerInstagramId: 't3' },
      ])
      .returning();
    await db.insert(messages).values([
      {
        conversationId: cara!.id,
        brandId: mine!.id,
        sender: 'customer',
        content: 'Is the Velvet Hoodie in stock?',
      },
      { conversationId: cara!.id, brandId: mine!.id, sender: 'ai', content: 'Yes, the velvet hoodie is.' },
      {
        conversationId: dev!.id,
        brandId: mine!.id,
        sender: 'customer',
        content: 'shipping to 100% of Europe?',
      },
      { conversationId: eli!.id, brandId: other!.id, sender: 'customer', content: 'velvet hoodie please' },
    ]);
    const names = async (url: string) =>
      ((await send('GET', url, { cookie: session.cookie })).json() as Json[]).map(
        (row) => row.customerUsername as string,
      );
    // Two matching messages in one conversation: listed once; the other brand's match is not listed.
    expect(await names(`/api/brands/${mine!.id}/conversations?q=VELVET%20hood`)).toEqual(['cara']);
    expect(await names(`/api/brands/${mine!.id}/conversations?q=${encodeURIComponent('100%')}`)).toEqual([
      'dev',
    ]);
    // The username still matches too.
    expect(await names(`/api/brands/${mine!.id}/conversations?q=dev`)).toEqual(['dev']);
    expect(await names(`/api/brands/${mine!.id}/conversations?q=nothing%20like%20this`)).toEqual([]);
    expect(
      (await send('GET', `/api/brands/${mine!.id}/inbox-counts?q=velvet`, { cookie: session.cookie })).json(),
    ).toEqual({ conversations: 1, unread: 0, comments: 0 });
  });

  /**
   * A signed-in owner with a new brand (`brand` names it) and `count` conversations of that brand, usernames and Instagram ids numbered after `names` (the higher, the newer,
   * a minute apart from `from`), each with `perConversation` buyer messages whose text is the SQL `content`, of
   * `c` (the conversation) and `k` (the message's number).
   */
  const seedSearchedInbox = async (
    brand: { name: string; username: string },
    seed: { names: [string, string]; count: number; from: string; perConversation: number; content: string },
  ) => {
    const owner = await createSignedInOwner(app.database.db, brand);
    const brandId = owner.brand.id;
    const run = app.database.executeSql;
    await run(
      `insert into conversations (brand_id, customer_username, customer_instagram_id, last_message_at)
       select $1::uuid, $2::text || n, $3::text || n, $4::timestamptz + n * interval '1 minute'
       from generate_series(1, $5::int) n`,
      [brandId, ...seed.names, seed.from, seed.count],
    );
    await run(
      `insert into messages (conversation_id, brand_id, sender, content)
       select c.id, c.brand_id, 'customer', ${seed.content}
       from conversations c cross join generate_series(1, $2::int) k where c.brand_id = $1::uuid`,
      [brandId, seed.perConversation],
    );
    return owner;
  };

  it('walks the newest conversations when the planner expects many matching messages, with the same answers', async () => {
    const db = app.database.db;
    const run = app.database.executeSql;
    // 300 conversations of 12 messages: every message says "linen shirt", one conversation alone says "velvet".
    const { cookie, brand } = await seedSearchedInbox(
      { name: 'Dense search', username: 'densesearch' },
      {
        names: ['dense_', 'd-'],
        count: 300,
        from: '2026-01-01',
        perConversation: 12,
        content: `case when c.customer_username = 'dense_17' and k = 3 then 'any velvet hoodie?'
                     else 'is the linen shirt in M? ' || k end`,
      },
    );
    await run('analyze messages', []);
    expect(await messageSearchFor(db, brand.id, '%linen shirt%')).toBe('walk');
    expect(await messageSearchFor(db, brand.id, '%velvet%')).toBe('index');

    const page = async (query: string) =>
      (
        (await send('GET', `/api/brands/${brand.id}/conversations?${query}`, { cookie })).json() as Json[]
      ).map((row) => row.customerUsername as string);
    // The walk returns the newest matching conversations in order, page by page.
    expect(await page('q=LINEN%20shirt&limit=3')).toEqual(['dense_300', 'dense_299', 'dense_298']);
    expect(await page('q=velvet')).toEqual(['dense_17']);
    expect(await page('q=linen&status=resolved')).toEqual([]);
    expect(
      (await send('GET', `/api/brands/${brand.id}/inbox-counts?q=linen%20shirt`, { cookie })).json(),
    ).toMatchObject({ conversations: 300 });
  });

  it('remembers the plan chosen for a search text for a minute, then asks the planner again', async () => {
    const db = app.database.db;
    const run = app.database.executeSql;
    const { cookie, brand } = await seedSearchedInbox(
      { name: 'Remembered search', username: 'rememberedsearch' },
      {
        names: ['cord_', 'r-'],
        count: 400,
        from: '2026-02-01',
        perConversation: 20,
        content: `'the corduroy jacket, size ' || k`,
      },
    );
    // Statistics that have not seen these messages yet: the planner expects few matches.
    const chosenAt = Date.now();
    expect(await rememberedMessageSearch(db, brand.id, '%corduroy%', chosenAt)).toBe('index');
    await run('analyze messages', []);
    expect(await messageSearchFor(db, brand.id, '%corduroy%')).toBe('walk');
    // Within the minute the first choice holds (no EXPLAIN); after it, the planner is asked again.
    expect(await rememberedMessageSearch(db, brand.id, '%corduroy%', chosenAt + 1_000)).toBe('index');
    expect(
      await rememberedMessageSearch(db, brand.id, '%corduroy%', chosenAt + MESSAGE_SEARCH_REMEMBERED_MS),
    ).toBe('walk');
    // The list answers the same whichever plan is remembered: newest first, page by page.
    const response = await send('GET', `/api/brands/${brand.id}/conversations?q=CORDUROY&limit=3`, {
      cookie,
    });
    expect((response.json() as Json[]).map((row) => row.customerUsername)).toEqual([
      'cord_400',
      'cord_399',
      'cord_398',
    ]);
  });

  it('keeps keyset paging with a search', async () => {
    const db = app.database.db;
    const { cookie, brand } = await createSignedInOwner(db, { name: 'Paged', username: 'paged' });
    await db.insert(conversations).values(
      Array.from({ length: 7 }, (_, index) => ({
        brandId: brand.id,
        customerUsername: index % 2 === 0 ? `match${index}` : `other${index}`,
        customerInstagramId: `p${index}`,
        lastMessageAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await send(
        'GET',
        `/api/brands/${brand.id}/conversations?q=MATCH&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { cookie },
      );
      seen.push(...(response.json() as Json[]).map((row) => row.customerUsername as string));
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(['match6', 'match4', 'match2', 'match0']);
  });
});

// Last: the fuzzed bodies that pass validation really change the owner's data.
describe('dashboard writes: any body', () => {
  it('never answers 5xx to any body (fast-check), and the owner data stays valid', async () => {
    const anyValue = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '@',
        '@a',
        'a'.repeat(31),
        '..',
        'dm_keyword',
        'fixed_text',
        'archived',
        'private',
        '\u0000',
      ),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(
        fc.constantFrom('type', 'keywords', 'text', 'opensAt', 'timeZone', 'days'),
        fc.jsonValue(),
        {
          maxKeys: 3,
        },
      ),
    );
    const keys = fc.constantFrom(
      'name',
      'username',
      'active',
      'archetype',
      'tone',
      'voiceDescription',
      'exampleResponses',
      'triggerConfig',
      'actionConfig',
      'status',
      'content',
      'visibility',
      'other',
    );
    const body = fc.oneof(fc.dictionary(keys, anyValue, { maxKeys: 4 }), fc.jsonValue());
    for (const endpoint of writeEndpoints()) {
      if (endpoint.method === 'DELETE') continue;
      await fc.assert(
        fc.asyncProperty(body, async (candidate) => {
          const response = await send(endpoint.method, endpoint.url, {
            body: candidate === null || typeof candidate !== 'object' ? JSON.stringify(candidate) : candidate,
            cookie: owner.cookie,
            headers: { 'content-type': 'application/json' },
          });
          expect(
            response.statusCode,
            `${endpoint.method} ${endpoint.url} ${JSON.stringify(candidate)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    }
    // Whatever was accepted, the stored rule still has configs its texts were generated from.
    const rules = await app.database.db
      .select()
      .from(automationRules)
      .where(eq(automationRules.brandId, ownerBrandId));
    for (const rule of rules) expect(rule.trigger.length).toBeGreaterThan(0);
  });
});

describe('ceilings and the draft rate limit', () => {
  it('refuses the brand past MAX_BRANDS_PER_WORKSPACE and the rule past MAX_RULES_PER_BRAND with 409', async () => {
    const limited = await createTestApp({
      env: { MAX_BRANDS_PER_WORKSPACE: '2', MAX_RULES_PER_BRAND: '2' },
      dashboardPorts: { channel: fakeChannel.channel, drafts },
    });
    try {
      const db = limited.database.db;
      const { cookie, ...user } = await createSignedInUser(db);
      const made: string[] = [];
      for (const username of ['one', 'two']) {
        const response = await send('POST', '/api/brands', {
          target: limited,
          cookie,
          body: { name: username, username },
        });
        expect(response.statusCode).toBe(201);
        made.push(response.json<{ id: string }>().id);
      }
      const third = await send('POST', '/api/brands', {
        target: limited,
        cookie,
        body: { name: 'three', username: 'three' },
      });
      expect(third.statusCode).toBe(409);
      expect(third.json<{ message: string }>().message).toMatch(/limit of 2 brands/);
      expect(await db.select().from(brands).where(eq(brands.userId, user.id))).toHaveLength(2);

      for (const name of ['A', 'B']) {
        const response = await send('POST', `/api/brands/${made[0]}/automation-rules`, {
          target: limited,
          cookie,
          body: { ...validRule, name },
        });
        expect(response.statusCode).toBe(201);
      }
      const extra = await send('POST', `/api/brands/${made[0]}/automation-rules`, {
        target: limited,
        cookie,
        body: { ...validRule, name: 'C' },
      });
      expect(extra.statusCode).toBe(409);
      expect(extra.json<{ message: string }>().message).toMatch(/limit of 2 rules/);
      // The ceiling is per brand: the other brand still takes rules.
      const other = await send('POST', `/api/brands/${made[1]}/automation-rules`, {
        target: limited,
        cookie,
        body: { ...validRule, name: 'A' },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 to the 31st draft request in a minute from one address', async () => {
    const remoteAddress = '198.51.100.31';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await app.app.inject({
        method: 'POST',
        url: `/api/conversations/${strangerConversationId}/draft`,
        headers: { cookie: owner.cookie },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
