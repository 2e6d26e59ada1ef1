import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import {
  assistantTraces,
  automationRules,
  brands,
  conversations,
  messages,
} from '#server/db/schema/index.ts';
import { createMemoryCatalog, sampleProducts } from '#tests/support/memory-catalog.ts';
import { createTestApp, createTestUser, signInAs, type TestApp } from '#tests/support/test-app.ts';
import type { ChannelOutbound } from './ports.ts';
import { createAssistantService, type AssistantService } from './service.ts';

/** A channel that stores the AI message like issue 9's outbound path, deduplicating on the idempotency key. */
function createStoringChannel(app: TestApp): ChannelOutbound & { sends: { key: string; text: string }[] } {
  const sends: { key: string; text: string }[] = [];
  const byKey = new Map<string, string>();
  return {
    sends,
    async checkDirectMessageWindow() {
      return { allowed: true, humanAgentTag: false, closesAt: null };
    },
    async sendDirectMessage(input) {
      const existing = byKey.get(input.idempotencyKey);
      if (existing) return { status: 'sent', messageIds: [existing], duplicate: true };
      const [conversation] = await app.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, input.conversationId));
      const [row] = await app.database.db
        .insert(messages)
        .values({
          conversationId: input.conversationId,
          brandId: conversation!.brandId,
          sender: 'ai',
          content: input.text,
          inventoryChecked: input.inventoryChecked ?? false,
        })
        .returning({ id: messages.id });
      byKey.set(input.idempotencyKey, row!.id);
      sends.push({ key: input.idempotencyKey, text: input.text });
      return { status: 'sent', messageIds: [row!.id], duplicate: false };
    },
    async sendCommentReply(input) {
      sends.push({ key: input.idempotencyKey, text: input.text });
      return { status: 'sent', messageIds: [], duplicate: false };
    },
  };
}

describe('assistant service and playground route', () => {
  let app: TestApp;
  let http: FastifyInstance;
  let assistant: AssistantService;
  let channel: ReturnType<typeof createStoringChannel>;
  let owner: { cookie: string };
  let brandId: string;
  let strangerBrandId: string;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    channel = createStoringChannel(app);
    assistant = createAssistantService({ db, catalog: createMemoryCatalog(sampleProducts()), channel });
    http = await buildApp({
      config: app.config,
      database: app.database,
      jobs: app.jobs,
      mailer: app.mailer,
      secretBox: app.secretBox,
      channel: app.channel,
      assistant,
    });
    const ownerUser = await createTestUser(db);
    const strangerUser = await createTestUser(db);
    owner = await signInAs(db, ownerUser.id);
    const [brand] = await db
      .insert(brands)
      .values({ userId: ownerUser.id, name: 'Luna Wear', username: 'lunawear' })
      .returning();
    brandId = brand!.id;
    const [other] = await db
      .insert(brands)
      .values({ userId: strangerUser.id, name: 'Other', username: 'other' })
      .returning();
    strangerBrandId = other!.id;
  });
  afterAll(async () => {
    await http.close();
    await app.close();
  });

  async function customerSays(text: string, customer = 'buyer-1') {
    const db = app.database.db;
    let [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.customerInstagramId, customer));
    if (!conversation)
      [conversation] = await db
        .insert(conversations)
        .values({ brandId, customerUsername: `${customer}.name`, customerInstagramId: customer })
        .returning();
    const [message] = await db
      .insert(messages)
      .values({ brandId, conversationId: conversation!.id, sender: 'customer', content: text })
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
    const preview = (id: string, body: unknown, headers: Record<string, string> = {}) =>
      http.inject({
        method: 'POST',
        url: `/api/brands/${id}/assistant/preview`,
        payload: body as object,
        headers,
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
      expect(bad.json().message).toMatch(/message/);
      const badTone = await preview(
        brandId,
        {
          message: 'hi',
          personality: { archetype: 'sage', tone: 'grumpy', voiceDescription: '', exampleResponses: '' },
        },
        owner,
      );
      expect(badTone.statusCode).toBe(400);
      expect(badTone.json().message).toMatch(/tone/);
      expect((await preview(brandId, { message: 'x'.repeat(20_000) }, owner)).statusCode).toBe(413);
    });

    it('never answers a 5xx for any body', async () => {
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
            const response = await preview(brandId, body, owner);
            expect(response.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});
