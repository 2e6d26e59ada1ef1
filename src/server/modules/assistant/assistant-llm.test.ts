import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startFakeOpenAiCompatible,
  type ChatRequest,
  type FakeOpenAiCompatible,
} from '#tests/fakes/openai-compatible.ts';
import {
  createConnectedBrand,
  createInstagramHarness,
  customerDm,
  postWebhook,
  type InstagramHarness,
} from '#tests/support/instagram.ts';

/**
 * End to end: the LLM composer (configured by LLM_BASE_URL and LLM_MODEL) against a fake
 * OpenAI-compatible server that returns scripted tool calls; the grounding check and the deadline fall back to
 * the embedded reply.
 */
describe('assistant with the LLM composer', () => {
  let llm: FakeOpenAiCompatible;
  let harness: InstagramHarness;
  let account: string;

  beforeAll(async () => {
    llm = await startFakeOpenAiCompatible();
    harness = await createInstagramHarness({
      workers: true,
      timeoutMs: 5000,
      env: { LLM_BASE_URL: llm.url, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' },
    });
    const brand = await createConnectedBrand(harness);
    account = brand.account.accountId;
    await harness.app.catalog.connections.connect(brand.userId, brand.brandId, { platform: 'sample' });
  }, 30_000);
  afterAll(async () => {
    await harness.close();
    await llm.close();
  });

  async function ask(igsid: string, text: string) {
    expect((await postWebhook(harness.app, customerDm(account, igsid, { text }))).statusCode).toBe(200);
    return vi.waitFor(
      async () => {
        const { rows } = await harness.app.database.executeSql(
          `select t.* from assistant_traces t join conversations c on c.id = t.conversation_id where c.customer_instagram_id = $1`,
          [igsid],
        );
        const sent = harness.fake.sentMessages().filter((message) => message.recipient.id === igsid);
        expect(rows.length > 0 && sent.length > 0, 'a trace and a reply').toBe(true);
        return { trace: rows[0]!, text: sent[0]!.text };
      },
      { timeout: 15_000, interval: 25 },
    );
  }

  const firstVariant = (request: ChatRequest) => {
    const found = llm.toolResults(request).find((result) => 'products' in result) as {
      products: { variants: { variant_id: string }[] }[];
    };
    return found.products[0]!.variants[0]!.variant_id;
  };

  it('answers through tool calls (find, stock, link) with the personality in the system prompt, recording tokens', async () => {
    llm.script([
      { toolCalls: [{ name: 'find_product', arguments: { query: 'classic pullover hoodie M black' } }] },
      (request) => ({
        toolCalls: [
          { name: 'check_stock', arguments: { variant_id: firstVariant(request) } },
          { name: 'checkout_link', arguments: { variant_id: firstVariant(request), quantity: 1 } },
        ],
      }),
      (request) => {
        const results = llm.toolResults(request);
        const stock = results.find((result) => 'quantity' in result)!;
        const link = results.find((result) => 'checkout_url' in result)!;
        return {
          text: `Yes! The Classic Pullover Hoodie in M / Black is in stock, ${String(stock.quantity)} left, at $${String(stock.price)}: ${String(link.checkout_url)}`,
        };
      },
    ]);
    const before = llm.requests.length;
    const { trace, text } = await ask('llm-tools', 'is the classic pullover hoodie in M black available?');
    expect(trace).toMatchObject({ provider: 'llm', outcome: 'replied' });
    expect(trace.prompt_tokens as number).toBeGreaterThan(0);
    expect(trace.completion_tokens as number).toBeGreaterThan(0);
    expect((trace.trace as { toolCalls: string[] }).toolCalls).toEqual([
      'find_product',
      'check_stock',
      'checkout_link',
    ]);
    expect(text).toMatch(
      /^Yes! The Classic Pullover Hoodie in M \/ Black is in stock, \d+ left, at \$59\.00: http/,
    );
    expect(text).toMatch(/automated/);
    const request = llm.requests[before]!;
    expect(request.model).toBe('test-model');
    expect(request.messages[0]!.role).toBe('system');
    expect(request.messages[0]!.content).toMatch(/Tone: friendly/);
    expect(request.tools!.map((tool) => tool.function.name)).toEqual([
      'find_product',
      'check_stock',
      'checkout_link',
      'hand_off',
    ]);
  });

  it('replaces a reply with an invented stock figure and link by the embedded reply', async () => {
    llm.script([
      { toolCalls: [{ name: 'find_product', arguments: { query: 'clear brow gel' } }] },
      (request) => ({
        toolCalls: [{ name: 'check_stock', arguments: { variant_id: firstVariant(request) } }],
      }),
      { text: 'Only 999 left! Grab it here: https://not-the-shop.example/buy' },
    ]);
    const { trace, text } = await ask('llm-invented', 'is the clear brow gel available?');
    expect(trace).toMatchObject({ provider: 'embedded' });
    expect((trace.trace as { fallbackReason: string }).fallbackReason).toMatch(/not grounded.*999/);
    // Word boundaries: the checkout link's random ref (a UUID) may hold the digits 999.
    expect(text).not.toMatch(/\b999\b|not-the-shop/);
    expect(text).toContain(trace.link_url as string);
  });

  it('falls back to the embedded reply when the model does not answer within the deadline', async () => {
    llm.script([{ hang: true }, { hang: true }]);
    const started = Date.now();
    const { trace, text } = await ask('llm-timeout', 'is the clear brow gel available?');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(trace).toMatchObject({ provider: 'embedded' });
    expect((trace.trace as { fallbackReason: string }).fallbackReason).toMatch(/LLM failed/);
    expect(text).toContain(trace.link_url as string);
  });

  it('falls back when the provider answers errors', async () => {
    const overloaded = {
      status: 503,
      error: { message: 'The server is overloaded', type: 'server_error', code: 'server_is_overloaded' },
    };
    llm.script([overloaded, overloaded, overloaded]);
    const { trace } = await ask('llm-error', 'is the clear brow gel available?');
    expect(trace).toMatchObject({ provider: 'embedded', outcome: 'replied' });
    expect((trace.trace as { fallbackReason: string }).fallbackReason).toMatch(/503/);
  });
});
