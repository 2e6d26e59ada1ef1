import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantTraces,
  automationRules,
  brandAssistantSettings,
  brands,
  conversations,
  messages,
} from '#server/db/schema/index.ts';
import { createMemoryCatalog, sampleProducts } from '#tests/support/memory-catalog.ts';
import { createStoringChannel } from '#tests/support/storing-channel.ts';
import {
  buildAppOn,
  createSignedInOwner,
  createTestUser,
  signInAs,
  useTestApp,
} from '#tests/support/test-app.ts';
import { createAssistantService, type AssistantService } from './service.ts';

describe('assistant service and playground route', () => {
  let http: FastifyInstance;
  let assistant: AssistantService;
  let channel: ReturnType<typeof createStoringChannel>;
  let owner: { cookie: string };
  let brandId: string;
  let strangerBrandId: string;

  const app = useTestApp();
  beforeAll(async () => {
    const db = app.database.db;
    channel = createStoringChannel(db);
    assistant = createAssistantService({ db, catalog: createMemoryCatalog(sampleProducts()), channel });
    http = await buildAppOn(app, { assistant });
    const mine = await createSignedInOwner(db, { name: 'Luna Wear', username: 'lunawear' });
    owner = { cookie: mine.cookie };
    brandId = mine.brand.id;
    strangerBrandId = (await createSignedInOwner(db, { name: 'Other', username: 'other' })).brand.id;
  });
  afterAll(async () => {
    await http.close();
  });

  async function customerSays(text: string, customer = 'buyer-1', brand = brandId) {
    const db = app.database.db;
    let [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.customerInstagramId, customer));
    if (!conversation)
      [conversation] = await db
        .insert(conversations)
        .values({ brandId: brand, customerUsername: `${customer}.name`, customerInstagramId: customer })
        .returning();
    const [message] = await db
      .insert(messages)
      .values({ brandId: brand, conversationId: conversation!.id, sender: 'customer', content: text })
      .returning();
    return { conversationId: conversation!.id, messageId: message!.id };
  }

  it('answers a stored customer message once, records its trace against the AI message, and ignores a replay', async () => {
    const { messageId, conversationId } = await customerSays('is the trail tee in M in stock?');
    const trace = await assistant.respond({ kind: 'message', messageId });
    expect(trace).toMatchObject({ outcome: 'replied', answerKind: 'in_stock' });
    expect(await assistant.respond({ kind: 'message', messageId })).toBeNull();
    const rows = await app.database.db
      .select()
      .from(assistantTraces)
      .where(eq(assistantTraces.eventKey, `message:${messageId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'replied',
      intent: 'availability',
      variantTitle: 'M',
      stockSource: 'live',
      stockQuantity: 20,
      provider: 'embedded',
    });
    const [aiMessage] = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, rows[0]!.messageId!));
    expect(aiMessage).toMatchObject({ sender: 'ai', conversationId, inventoryChecked: true });
    expect(channel.sends.filter((send) => send.key === `assistant:message:${messageId}`)).toHaveLength(1);
  });

  it('escalates on a request for a person, then stays silent until the conversation is active again', async () => {
    const first = await customerSays('can i talk to a real human', 'buyer-2');
    expect(await assistant.respond({ kind: 'message', messageId: first.messageId })).toMatchObject({
      handedOff: true,
    });
    const [conversation] = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.conversationId));
    expect(conversation!.status).toBe('escalated');
    const second = await customerSays('hello??', 'buyer-2');
    expect(await assistant.respond({ kind: 'message', messageId: second.messageId })).toMatchObject({
      outcome: 'silent',
    });
    await app.database.db
      .update(conversations)
      .set({ status: 'active' })
      .where(eq(conversations.id, first.conversationId));
    const third = await customerSays('ok is the canvas cap available', 'buyer-2');
    expect(await assistant.respond({ kind: 'message', messageId: third.messageId })).toMatchObject({
      outcome: 'replied',
      answerKind: 'in_stock',
    });
  });

  it('applies the brand rules stored with structured configs', async () => {
    await app.database.db.insert(automationRules).values({
      brandId,
      name: 'Wholesale',
      trigger: 'A message contains "wholesale"',
      action: 'Hand the conversation to a person',
      triggerConfig: { type: 'dm_keyword', keywords: ['wholesale'] },
      actionConfig: { type: 'hand_off' },
    });
    const { messageId } = await customerSays('wholesale enquiry for tees', 'buyer-3');
    expect(await assistant.respond({ kind: 'message', messageId })).toMatchObject({
      rule: { name: 'Wholesale' },
      handedOff: true,
    });
  });

  describe('POST /api/brands/:brandId/assistant/preview', () => {
    const preview = (
      id: string,
      body: unknown,
      headers: Record<string, string> = {},
      remoteAddress = '127.0.0.1',
    ) =>
      http.inject({
        method: 'POST',
        url: `/api/brands/${id}/assistant/preview`,
        payload: body as object,
        headers,
        remoteAddress,
      });

    it('answers with the reply and its trace, using the unsaved personality, and sends nothing', async () => {
      const sendsBefore = channel.sends.length;
      const response = await preview(
        brandId,
        {
          message: 'and in blue?',
          history: [{ sender: 'customer', content: 'is the cloud hoodie in M red available?' }],
          personality: { archetype: 'ruler', tone: 'luxury', voiceDescription: '', exampleResponses: '' },
        },
        owner,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.trace).toMatchObject({
        answerKind: 'in_stock',
        variant: { title: 'M / Blue' },
        provider: 'embedded',
      });
      expect(body.reply).toContain(body.trace.link);
      expect(body.reply).toMatch(/automated reply on behalf of Luna Wear/);
      expect(channel.sends.length).toBe(sendsBefore);
    });

    it('answers 404 for another user’s brand, 401 signed out, 403 cross-origin, 400 naming the field', async () => {
      expect((await preview(strangerBrandId, { message: 'hi' }, owner)).statusCode).toBe(404);
      expect((await preview(brandId, { message: 'hi' })).statusCode).toBe(401);
      expect(
        (await preview(brandId, { message: 'hi' }, { ...owner, origin: 'https://evil.example' })).statusCode,
      ).toBe(403);
      const bad = await preview(brandId, { message: '' }, owner);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Message must not be empty.');
      expect(bad.json().issues[0].path).toBe('message');
      const badTone = await preview(
        brandId,
        {
          message: 'hi',
          personality: { archetype: 'sage', tone: 'grumpy', voiceDescription: '', exampleResponses: '' },
        },
        owner,
      );
      expect(badTone.statusCode).toBe(400);
      expect(badTone.json().message).toMatch(/^Tone must be one of /);
      expect(badTone.json().issues[0].path).toMatch(/tone/);
      // A misspelt field is named, not silently ignored (the reply would quietly lack the history).
      const misspelt = await preview(
        brandId,
        { message: 'and in blue?', histroy: [{ sender: 'customer', content: 'the hoodie?' }] },
        owner,
      );
      expect(misspelt.statusCode).toBe(400);
      expect(misspelt.json().message).toMatch(/histroy/);
      const extraInTurn = await preview(
        brandId,
        { message: 'hi', history: [{ sender: 'customer', content: 'hi', at: 'yesterday' }] },
        owner,
      );
      expect(extraInTurn.statusCode).toBe(400);
      expect(extraInTurn.json().message).toMatch(/at/);
      expect((await preview(brandId, { message: 'x'.repeat(20_000) }, owner)).statusCode).toBe(413);
    });

    it('never answers a 5xx for any body', async () => {
      // Each run from its own address, so that every body reaches the handler rather than the rate limit.
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.anything(),
            fc.record(
              {
                message: fc.string({ maxLength: 1200 }),
                history: fc.array(
                  fc.record({ sender: fc.constantFrom('customer', 'ai', 'x'), content: fc.string() }),
                  { maxLength: 3 },
                ),
              },
              { requiredKeys: [] },
            ),
          ),
          async (body) => {
            run += 1;
            const response = await preview(brandId, body, owner, `198.51.100.${run % 250}`);
            expect(response.statusCode).toBeLessThan(500);
            expect(response.statusCode).not.toBe(429);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
  describe('GET and PUT /api/brands/:brandId/assistant/settings', () => {
    let quietBrandId: string;
    const settingsUrl = (id: string) => `/api/brands/${id}/assistant/settings`;
    const readSettings = (id: string, headers: Record<string, string> = owner) =>
      http.inject({ method: 'GET', url: settingsUrl(id), headers });
    const saveSettings = (id: string, body: unknown, headers: Record<string, string> = owner) =>
      // A string is sent as it is: malformed JSON.
      typeof body === 'string'
        ? http.inject({
            method: 'PUT',
            url: settingsUrl(id),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: body,
          })
        : http.inject({ method: 'PUT', url: settingsUrl(id), headers, payload: body as object });
    const storedRows = (id: string) =>
      app.database.db.select().from(brandAssistantSettings).where(eq(brandAssistantSettings.brandId, id));

    beforeAll(async () => {
      // A brand of its own, so switching the notice off does not change the other tests' replies.
      const [owned] = await app.database.db
        .select({ userId: brands.userId })
        .from(brands)
        .where(eq(brands.id, brandId));
      const [quiet] = await app.database.db
        .insert(brands)
        .values({ userId: owned!.userId, name: 'Quiet Co', username: 'quietco' })
        .returning();
      quietBrandId = quiet!.id;
    });

    it('answers the default (on) for a brand that saved none, storing nothing', async () => {
      const response = await readSettings(quietBrandId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ discloseAutomation: true });
      expect(await storedRows(quietBrandId)).toEqual([]);
    });

    it('saves, reads back, and saves again over the stored row', async () => {
      const off = await saveSettings(quietBrandId, { discloseAutomation: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ discloseAutomation: false });
      expect((await readSettings(quietBrandId)).json()).toEqual({ discloseAutomation: false });

      expect((await saveSettings(quietBrandId, { discloseAutomation: true })).json()).toEqual({
        discloseAutomation: true,
      });
      expect((await readSettings(quietBrandId)).json()).toEqual({ discloseAutomation: true });
      const rows = await storedRows(quietBrandId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ discloseAutomation: true });
    });

    it('the assistant follows it: switched off, the first automated reply does not say it is automated', async () => {
      await saveSettings(quietBrandId, { discloseAutomation: true });
      const on = await customerSays('is the trail tee in M in stock?', 'quiet-buyer-1', quietBrandId);
      const disclosed = await assistant.respond({ kind: 'message', messageId: on.messageId });
      expect(disclosed).toMatchObject({ outcome: 'replied', disclosed: true });
      expect(disclosed!.reply).toMatch(/automated/);

      expect((await saveSettings(quietBrandId, { discloseAutomation: false })).statusCode).toBe(200);
      const off = await customerSays('is the trail tee in M in stock?', 'quiet-buyer-2', quietBrandId);
      const silent = await assistant.respond({ kind: 'message', messageId: off.messageId });
      expect(silent).toMatchObject({ outcome: 'replied', answerKind: 'in_stock', disclosed: false });
      expect(silent!.reply).not.toMatch(/automated/);
      // What went to the buyer (stored as the AI message) carries no notice either.
      const stored = await app.database.db
        .select({ sender: messages.sender, content: messages.content })
        .from(messages)
        .where(eq(messages.conversationId, off.conversationId));
      const aiReply = stored.find((message) => message.sender === 'ai');
      expect(aiReply?.content).not.toMatch(/automated/);
    });

    it('the playground uses the saved setting, or the unsaved value sent with the preview', async () => {
      await saveSettings(quietBrandId, { discloseAutomation: false });
      const preview = (body: object) =>
        http.inject({
          method: 'POST',
          url: `/api/brands/${quietBrandId}/assistant/preview`,
          headers: owner,
          // Its own address, apart from the other previews of this file (rate limit).
          remoteAddress: '192.0.2.11',
          payload: { message: 'is the trail tee in M in stock?', ...body },
        });
      const saved = (await preview({})).json();
      expect(saved.trace.disclosed).toBe(false);
      expect(saved.reply).not.toMatch(/automated/);
      const unsavedOn = (await preview({ discloseAutomation: true })).json();
      expect(unsavedOn.trace.disclosed).toBe(true);
      expect(unsavedOn.reply).toMatch(/automated/);

      await saveSettings(quietBrandId, { discloseAutomation: true });
      const unsavedOff = (await preview({ discloseAutomation: false })).json();
      expect(unsavedOff.trace.disclosed).toBe(false);
      expect(unsavedOff.reply).not.toMatch(/automated/);

      const bad = await preview({ discloseAutomation: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Disclose automation must be true or false.');
      expect(bad.json().issues[0].path).toBe('discloseAutomation');
    });

    it('answers 404 for another user’s brand or a missing one, changing nothing', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const id of [strangerBrandId, missing]) {
        const read = await readSettings(id);
        expect(read.statusCode, id).toBe(404);
        expect(read.json()).toMatchObject({ message: 'Brand not found', code: 'NOT_FOUND' });
        const write = await saveSettings(id, { discloseAutomation: false });
        expect(write.statusCode, id).toBe(404);
        expect(write.json()).toMatchObject({ message: 'Brand not found', code: 'NOT_FOUND' });
      }
      expect(await storedRows(strangerBrandId)).toEqual([]);
    });

    it('answers 400 naming the problem for a malformed id or body', async () => {
      const badId = await readSettings('not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toMatch(/^Brand id /);
      expect(badId.json().issues[0].path).toBe('brandId');
      expect((await saveSettings('not-a-uuid', { discloseAutomation: false })).statusCode).toBe(400);

      await saveSettings(quietBrandId, { discloseAutomation: true });
      const cases: [unknown, RegExp][] = [
        // The message is for people (the field's name in words); programs read issues[].path.
        [{}, /^Disclose automation is missing\.$/],
        [{ discloseAutomation: 'false' }, /^Disclose automation must be true or false\.$/],
        [{ discloseAutomation: null }, /^Disclose automation must be true or false\.$/],
        [{ discloseAutomation: false, tone: 'witty' }, /tone/],
        [[false], /^The request must be an object\.$/],
        ['{"discloseAutomation": fals', /JSON/],
      ];
      for (const [body, problem] of cases) {
        const response = await saveSettings(quietBrandId, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message, JSON.stringify(body)).toMatch(problem);
      }
      // None of them changed the stored value.
      expect((await readSettings(quietBrandId)).json()).toEqual({ discloseAutomation: true });
    });

    it('is for verified users only: 401 signed out, 403 under review, 403 cross-origin writes', async () => {
      expect((await readSettings(quietBrandId, {})).statusCode).toBe(401);
      expect((await saveSettings(quietBrandId, { discloseAutomation: false }, {})).statusCode).toBe(401);
      const pending = await createTestUser(app.database.db, { verified: false });
      const pendingSession = await signInAs(app.database.db, pending.id);
      expect((await readSettings(quietBrandId, pendingSession)).statusCode).toBe(403);
      expect(
        (await saveSettings(quietBrandId, { discloseAutomation: false }, pendingSession)).statusCode,
      ).toBe(403);
      const crossOrigin = await saveSettings(
        quietBrandId,
        { discloseAutomation: false },
        { ...owner, origin: 'https://evil.example' },
      );
      expect(crossOrigin.statusCode).toBe(403);
      expect((await readSettings(quietBrandId)).json()).toEqual({ discloseAutomation: true });
    });
  });
});
