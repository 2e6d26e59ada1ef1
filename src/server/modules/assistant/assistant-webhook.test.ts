import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { automationRules, conversations } from '#server/db/schema/index.ts';
import { createMemoryCatalog, sampleProducts } from '#tests/support/memory-catalog.ts';
import {
  commentPayload,
  countRows,
  createConnectedBrand,
  createInstagramHarness,
  customerMessage,
  messagingPayload,
  postWebhook,
  type InstagramHarness,
} from '#tests/support/instagram.ts';
import { createAssistantService } from './service.ts';
import { startAssistantWorker } from './worker.ts';

/**
 * issue 11 end to end: a signed webhook in, the channel's processing job, the assistant job, the send through
 * the fake Graph server. Workers run as in production (woken after each commit).
 */
describe('assistant through the signed webhook', () => {
  let harness: InstagramHarness;
  let brand: Awaited<ReturnType<typeof createConnectedBrand>>;
  let account: string;

  beforeAll(async () => {
    harness = await createInstagramHarness({ workers: true });
    const assistant = createAssistantService({
      db: harness.app.database.db,
      catalog: createMemoryCatalog(sampleProducts()),
      channel: harness.app.channel.outbound,
    });
    await startAssistantWorker({ jobs: harness.app.jobs, assistant });
    brand = await createConnectedBrand(harness);
    account = brand.account.accountId;
  }, 30_000);
  afterAll(async () => {
    await harness.close();
  });

  const sentTo = (igsid: string) => harness.fake.sentMessages().filter((message) => message.recipient.id === igsid);
  async function waitFor<T>(read: () => T | Promise<T>, isDone: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (isDone(value)) return value;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const tracesOf = (igsid: string) =>
    countRows(
      harness.app,
      `select t.id from assistant_traces t join conversations c on c.id = t.conversation_id where c.customer_instagram_id = $1`,
      [igsid],
    );
  const dm = async (igsid: string, text: string) => {
    const payload = messagingPayload(account, [customerMessage(account, igsid, { text })]);
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    return payload;
  };

  it('answers an in-stock question with the figure and a checkout link, saying it is automated', async () => {
    await dm('buyer-stock', 'hey is the cloud hoodie in S red in stock?');
    const [reply] = await waitFor(() => sentTo('buyer-stock'), (sent) => sent.length > 0);
    expect(reply!.text).toMatch(/\b4\b/);
    expect(reply!.text).toMatch(/https:\/\/shop\.example\/cart\//);
    expect(reply!.text).toMatch(/automated/);
  });

  it('answers a duplicate delivery once', async () => {
    const payload = await dm('buyer-dup', 'is the trail tee in M available');
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    await waitFor(() => tracesOf('buyer-dup'), (n) => n === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo('buyer-dup')).toHaveLength(1);
  });

  it('answers a follow-up about the last product, in order', async () => {
    await dm('buyer-follow', 'do you have the cloud hoodie in M red?');
    await waitFor(() => sentTo('buyer-follow'), (sent) => sent.length === 1);
    await dm('buyer-follow', 'and in blue?');
    const sent = await waitFor(() => sentTo('buyer-follow'), (messages) => messages.length === 2);
    expect(sent[0]!.text).toMatch(/sold out|out of stock|left the building|unavailable/i);
    expect(sent[1]!.text).toMatch(/M \/ Blue/);
  });

  it('hands off, stays silent while escalated, and answers again once handed back', async () => {
    await dm('buyer-human', 'can I talk to a real person please');
    await waitFor(() => sentTo('buyer-human'), (sent) => sent.length === 1);
    const [conversation] = await harness.app.database.db.select().from(conversations).where(eq(conversations.customerInstagramId, 'buyer-human'));
    expect(conversation!.status).toBe('escalated');
    await dm('buyer-human', 'hello? is the canvas cap available');
    await waitFor(() => tracesOf('buyer-human'), (n) => n === 2);
    expect(sentTo('buyer-human')).toHaveLength(1);
    await harness.app.database.db.update(conversations).set({ status: 'active', handledBy: 'assistant' }).where(eq(conversations.id, conversation!.id));
    await dm('buyer-human', 'is the canvas cap available?');
    const sent = await waitFor(() => sentTo('buyer-human'), (messages) => messages.length === 2);
    expect(sent[1]!.text).toMatch(/Canvas Cap/);
  });

  it('answers a 🔥 comment with exactly one private reply, even when delivered twice', async () => {
    await harness.app.database.db.insert(automationRules).values({
      brandId: brand.brandId,
      name: 'Fire Emoji Comment to DM',
      trigger: 'A comment contains the 🔥 emoji',
      action: 'Send the commenter a DM with the product link',
      triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
      actionConfig: { type: 'private_reply_product_link' },
    });
    const payload = commentPayload(account, { id: 'comment-fire-1', text: '🔥🔥 the trail tee', from: { id: 'commenter-1', username: 'fan.one' }, media: { id: 'media-1', media_product_type: 'FEED' } });
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    expect((await postWebhook(harness.app, payload)).statusCode).toBe(200);
    const replies = () => harness.fake.sentMessages().filter((message) => message.recipient.comment_id === 'comment-fire-1');
    await waitFor(replies, (sent) => sent.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(replies()).toHaveLength(1);
    expect(replies()[0]!.text).toMatch(/https:\/\/shop\.example\/cart\//);
  });
});
