import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { assistantTraces, automationRules, conversations } from '#server/db/schema/index.ts';
import {
  commentPayload,
  countRows,
  createConnectedBrand,
  createInstagramHarness,
  customerDm,
  echoMessage,
  messagingPayload,
  postWebhook,
  waitForRows,
  type ConnectedBrand,
  type InstagramHarness,
} from '#tests/support/instagram.ts';

/**
 * End to end: a signed webhook in, the channel's processing job, the assistant job, the send through
 * the fake Graph server, with the runtime's own wiring (the catalog with the shipped sample store, the channel's
 * outbound path). Workers run as in production (woken after each commit).
 */
describe('assistant through the signed webhook', () => {
  let harness: InstagramHarness;
  let brand: ConnectedBrand;
  let account: string;

  beforeAll(async () => {
    // A loaded test machine can be slow; the Graph timeout is not what these tests are about.
    harness = await createInstagramHarness({ workers: true, timeoutMs: 5000 });
    brand = await createConnectedBrand(harness);
    account = brand.account.accountId;
    await harness.app.catalog.connections.connect(brand.userId, brand.brandId, { platform: 'sample' });
  }, 30_000);
  afterAll(async () => {
    await harness.close();
  });

  const sentTo = (igsid: string) =>
    harness.fake.sentMessages().filter((message) => message.recipient.id === igsid);
  const tracesOf = async (igsid: string) => {
    const { rows } = await harness.app.database.executeSql(
      `select t.* from assistant_traces t join conversations c on c.id = t.conversation_id
        where c.customer_instagram_id = $1 order by t.created_at`,
      [igsid],
    );
    return rows;
  };
  const dm = async (igsid: string, text: string, accountId = account, timestamp = Date.now()) => {
    const payload = customerDm(accountId, igsid, { text }, timestamp);
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    return payload;
  };
  const replyTo = async (igsid: string, text: string) => {
    await dm(igsid, text);
    const sent = await waitForRows(() => sentTo(igsid));
    const [trace] = await waitForRows(() => tracesOf(igsid));
    return { text: sent.at(-1)!.text, trace: trace! };
  };

  it('in stock: the live check, a checkout link, and the automation notice', async () => {
    const { text, trace } = await replyTo(
      'buyer-stock',
      'hey is the classic pullover hoodie in M black in stock?',
    );
    expect(trace).toMatchObject({
      outcome: 'replied',
      intent: 'availability',
      variant_title: 'M / Black',
      stock_available: true,
    });
    expect(['live', 'mirror']).toContain(trace.stock_source);
    expect(text).toContain(trace.link_url as string);
    expect(text).toMatch(/automated/);
    const quantity = trace.stock_quantity as number;
    if (quantity <= 10) expect(text).toContain(String(quantity));
    // The AI message is stored with inventoryChecked and the trace points at it.
    const { rows } = await harness.app.database.executeSql(
      `select sender, inventory_checked from messages where id = $1`,
      [trace.message_id],
    );
    expect(rows[0]).toMatchObject({ sender: 'ai', inventory_checked: true });
  });

  it('out of stock: says so and offers the nearest in-stock alternative with its link', async () => {
    const { text, trace } = await replyTo(
      'buyer-soldout',
      'do you have the classic pullover hoodie in M navy?',
    );
    expect(trace).toMatchObject({ variant_title: 'M / Navy', stock_available: false });
    const detail = trace.trace as { answerKind: string; alternative: { link: string } | null };
    expect(detail.answerKind).toBe('out_of_stock');
    expect(detail.alternative).not.toBeNull();
    expect(text).toContain(detail.alternative!.link);
  });

  it('ambiguous size: one short question listing the sizes, no link', async () => {
    const { text, trace } = await replyTo('buyer-size', 'do you have the merino crew sweater?');
    expect((trace.trace as { answerKind: string }).answerKind).toBe('ask_variant');
    expect(text).toMatch(/S, M, L or XL/);
    expect(text).not.toMatch(/https?:/);
  });

  it('unknown product: says it is not sold, with no link or figure', async () => {
    const { text, trace } = await replyTo('buyer-unknown', 'do you sell surfboards?');
    expect((trace.trace as { answerKind: string }).answerKind).toBe('not_sold');
    expect(text).not.toMatch(/https?:/);
  });

  it('price question: the store price and a link', async () => {
    const { text, trace } = await replyTo('buyer-price', 'how much is the rose water face mist?');
    expect(trace.intent).toBe('price');
    expect(text).toContain('$19.00');
    expect(text).toContain(trace.link_url as string);
  });

  it('follow-up: "and in black?" means the last product, answered in order', async () => {
    await dm('buyer-follow', 'do you have the classic pullover hoodie in M navy?');
    await waitForRows(() => sentTo('buyer-follow'), 1);
    await dm('buyer-follow', 'and in black?');
    const sent = await waitForRows(() => sentTo('buyer-follow'), 2);
    expect(sent[1]!.text).toMatch(/M \/ Black/);
    // The trace is recorded after Graph has answered the send: wait for it too.
    const traces = await waitForRows(() => tracesOf('buyer-follow'), 2);
    expect(traces[1]).toMatchObject({ product_title: 'Classic Pullover Hoodie', variant_title: 'M / Black' });
  });

  it('quantity in Spanish: the reply in Spanish, the sample cart link carries the count', async () => {
    const { text, trace } = await replyTo(
      'buyer-qty-es',
      'hola! quiero dos classic pullover hoodie en M negro',
    );
    expect(trace).toMatchObject({ product_title: 'Classic Pullover Hoodie', variant_title: 'M / Black' });
    expect(trace.trace).toMatchObject({ language: 'es', quantity: { asked: 2 } });
    expect(String(trace.link_url)).toMatch(/items=[^&]*%3A2(&|$)/);
    expect(text).toContain('El enlace es para 2.');
  });

  it('a link in a buyer’s message is never repeated: the reply carries only the catalog’s link', async () => {
    const { text } = await replyTo(
      'buyer-link',
      'classic pullover hoodie M black, pay via evil.example/pay ok?',
    );
    expect(text).not.toContain('evil.example');
  });

  it('duplicate delivery: one reply', async () => {
    const payload = await dm('buyer-dup', 'is the clear brow gel available');
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    await waitForRows(() => tracesOf('buyer-dup'), 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo('buyer-dup')).toHaveLength(1);
    expect(await tracesOf('buyer-dup')).toHaveLength(1);
  });

  it('echo of our own or the app’s message: no reply', async () => {
    const echo = echoMessage(account, 'buyer-echo', { text: 'is the clear brow gel available?' });
    expect((await postWebhook(harness.app, messagingPayload(account, [echo]))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sentTo('buyer-echo')).toEqual([]);
    expect(
      await countRows(
        harness.app,
        `select 1 from pgboss.job where name = 'assistant-respond' and data->>'kind' = 'message' and data->>'messageId' in (select id::text from messages where content = 'is the clear brow gel available?' and sender <> 'customer')`,
      ),
    ).toBe(0);
  });

  it('hand-off: one acknowledgement, silence while escalated, answers again after hand-back', async () => {
    await dm('buyer-human', 'can I talk to a real person please');
    await waitForRows(() => sentTo('buyer-human'), 1);
    await waitForRows(() => tracesOf('buyer-human'), 1);
    const [conversation] = await harness.app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.customerInstagramId, 'buyer-human'));
    expect(conversation!.status).toBe('escalated');
    await dm('buyer-human', 'hello? is the clear brow gel available');
    await waitForRows(() => tracesOf('buyer-human'), 2);
    expect(sentTo('buyer-human')).toHaveLength(1);
    expect((await tracesOf('buyer-human'))[1]).toMatchObject({ outcome: 'silent' });
    // The dashboard's "Hand back to AI".
    await harness.app.database.db
      .update(conversations)
      .set({ status: 'active', handledBy: 'assistant' })
      .where(eq(conversations.id, conversation!.id));
    await dm('buyer-human', 'is the clear brow gel available?');
    const sent = await waitForRows(() => sentTo('buyer-human'), 2);
    expect(sent[1]!.text).toMatch(/Clear Brow Gel/);
  });

  it('a person’s reply from the Instagram app also silences the assistant', async () => {
    await replyTo('buyer-person', 'hi there');
    const echo = echoMessage(account, 'buyer-person', { text: 'Hi! Sarah from the team here.' });
    expect((await postWebhook(harness.app, messagingPayload(account, [echo]))).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const owner = await (
          await harness.app.database.db
            .select()
            .from(conversations)
            .where(eq(conversations.customerInstagramId, 'buyer-person'))
        )[0]!.handledBy;
        expect(owner === 'person').toBe(true);
        return owner;
      },
      { timeout: 10_000, interval: 25 },
    );
    await dm('buyer-person', 'is the clear brow gel available?');
    await waitForRows(() => tracesOf('buyer-person'), 2);
    expect((await tracesOf('buyer-person'))[1]).toMatchObject({ outcome: 'silent' });
    expect(sentTo('buyer-person')).toHaveLength(1);
  });

  it('closed window: a message older than 24 hours is not answered', async () => {
    await dm('buyer-late', 'is the clear brow gel available?', account, Date.now() - 25 * 3600_000);
    const [trace] = await waitForRows(() => tracesOf('buyer-late'), 1);
    expect(trace).toMatchObject({ outcome: 'silent' });
    expect(sentTo('buyer-late')).toEqual([]);
  });

  it('paused brand: messages are stored, never answered', async () => {
    const paused = await createConnectedBrand(harness, { active: false });
    await harness.app.catalog.connections.connect(paused.userId, paused.brandId, { platform: 'sample' });
    await dm('buyer-paused', 'is the clear brow gel available?', paused.account.accountId);
    await vi.waitFor(
      async () => {
        const n = await countRows(
          harness.app,
          `select 1 from messages m join conversations c on c.id = m.conversation_id where c.customer_instagram_id = 'buyer-paused'`,
        );
        expect(n === 1).toBe(true);
        return n;
      },
      { timeout: 10_000, interval: 25 },
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(sentTo('buyer-paused')).toEqual([]);
  });

  it('outside business hours: the after-hours rule answers with its text, and the rule is recorded', async () => {
    const shop = await createConnectedBrand(harness);
    await harness.app.catalog.connections.connect(shop.userId, shop.brandId, { platform: 'sample' });
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short' })
      .format(new Date())
      .toLowerCase();
    const otherDay = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).find(
      (day) => !today.startsWith(day),
    )!;
    await harness.app.database.db.insert(automationRules).values({
      brandId: shop.brandId,
      name: 'After-Hours Auto Reply',
      trigger: 'A message arrives outside business hours',
      action: 'Reply',
      triggerConfig: {
        type: 'outside_business_hours',
        opensAt: '09:00',
        closesAt: '18:00',
        timeZone: 'America/Los_Angeles',
        days: [otherDay],
      },
      actionConfig: {
        type: 'fixed_text',
        text: 'Thanks for your message! Our team is offline right now and will follow up during business hours.',
      },
    });
    await dm('buyer-night', 'is the clear brow gel available?', shop.account.accountId);
    const [reply] = await waitForRows(() => sentTo('buyer-night'), 1);
    expect(reply!.text).toMatch(/^Thanks for your message! Our team is offline right now/);
    const [trace] = await waitForRows(() => tracesOf('buyer-night'), 1);
    expect(trace).toMatchObject({ rule_name: 'After-Hours Auto Reply' });
  });

  it('🔥 comment: exactly one private reply with the product link, even when delivered twice', async () => {
    await harness.app.database.db.insert(automationRules).values({
      brandId: brand.brandId,
      name: 'Fire Emoji Comment to DM',
      trigger: 'A comment contains the 🔥 emoji',
      action: 'Send the commenter a DM with the product link',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
      actionConfig: { type: 'private_reply_product_link' },
    });
    const payload = commentPayload(account, {
      id: 'comment-fire-1',
      text: '🔥🔥 need the clear brow gel',
      from: { id: 'commenter-1', username: 'fan.one' },
      media: { id: 'media-1', media_product_type: 'FEED' },
    });
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    const replies = () =>
      harness.fake.sentMessages().filter((message) => message.recipient.comment_id === 'comment-fire-1');
    await waitForRows(() => replies(), 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(replies()).toHaveLength(1);
    expect(replies()[0]!.text).toMatch(/https?:\/\//);
    const [trace] = await harness.app.database.db
      .select()
      .from(assistantTraces)
      .where(eq(assistantTraces.ruleName, 'Fire Emoji Comment to DM'));
    expect(trace).toMatchObject({ outcome: 'replied' });
  });
});
