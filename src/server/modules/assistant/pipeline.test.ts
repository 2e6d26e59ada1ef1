import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '#contracts/automation.ts';
import { brandArchetypes, brandTones } from '#contracts/dashboard.ts';
import { sampleProducts } from '#tests/support/memory-catalog.ts';
import {
  makeCommentEvent,
  makeEvent,
  recordingEffects,
  usePipeline,
} from '#tests/support/assistant-pipeline.ts';
import type { AssistantEvent, HistoryTurn, StoredRule } from './types.ts';

const rule = (
  name: string,
  trigger: StoredRule['trigger'],
  action: StoredRule['action'],
  minutesAgo = 10,
): StoredRule => ({
  id: `00000000-0000-4000-9000-${String(minutesAgo).padStart(12, '0')}`,
  name,
  active: true,
  createdAt: new Date(Date.now() - minutesAgo * 60_000),
  trigger,
  action,
});

describe('assistant pipeline (embedded composer, in-memory catalog)', () => {
  const pipeline = usePipeline(sampleProducts);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('answers an in-stock variant with its live figure and a checkout link, and says it is automated the first time', async () => {
    const trace = await run(makeEvent('hi! is the cloud hoodie in small red available?'));
    expect(trace).toMatchObject({
      outcome: 'replied',
      intent: 'availability',
      answerKind: 'in_stock',
      provider: 'embedded',
      disclosed: true,
    });
    expect(trace.variant?.title).toBe('S / Red');
    expect(trace.stock).toMatchObject({ quantity: 4, source: 'live' });
    expect(pipeline.recorder.sent).toHaveLength(1);
    const [dm] = pipeline.recorder.sent;
    expect(dm!.text).toContain(trace.link!);
    expect(dm!.text).toMatch(/automated/);
    expect(dm!.text).toContain('4');
    expect(dm!).toMatchObject({ idempotencyKey: `assistant:${trace.eventKey}`, inventoryChecked: true });
  });

  it('does not repeat the automation notice once an automated reply is in the conversation', async () => {
    const history: HistoryTurn[] = [
      { sender: 'customer', content: 'hey' },
      { sender: 'ai', content: 'Hi! How can I help?' },
    ];
    const trace = await run(makeEvent('is the trail tee in M in stock?', { history }));
    expect(trace.disclosed).toBe(false);
    expect(pipeline.recorder.sent[0]!.text).not.toMatch(/automated/);
  });

  it('offers the nearest in-stock alternative when the variant is sold out, with no link for the sold-out one', async () => {
    const trace = await run(makeEvent('do you have the cloud hoodie in M red?'));
    expect(trace.answerKind).toBe('out_of_stock');
    expect(trace.variant?.title).toBe('M / Red');
    expect(trace.alternative?.product).toBe('Cloud Hoodie');
    expect(trace.alternative?.variant).not.toBe('M / Red');
    expect(pipeline.recorder.sent[0]!.text).toContain(trace.alternative!.link!);
  });

  it('asks one short question listing the sizes when the size is not given', async () => {
    const trace = await run(makeEvent('do you have the cloud hoodie?'));
    expect(trace.answerKind).toBe('ask_variant');
    expect(pipeline.recorder.sent[0]!.text).toMatch(/S, M or L/);
    expect(pipeline.recorder.sent[0]!.text).not.toMatch(/https?:/);
    expect(pipeline.catalog.calls.filter((call) => call.startsWith('stock:'))).toEqual([]);
  });

  it('asks which product when several fit equally', async () => {
    const trace = await run(makeEvent('is the mug available?'));
    expect(trace.answerKind).toBe('ask_product');
    expect(pipeline.recorder.sent[0]!.text).toMatch(/Camp Mug/);
    expect(pipeline.recorder.sent[0]!.text).toMatch(/Travel Mug/);
  });

  it('says so when the product is not sold, without a link or a figure', async () => {
    const trace = await run(makeEvent('do you sell surfboards?'));
    expect(trace.answerKind).toBe('not_sold');
    expect(pipeline.recorder.sent[0]!.text).not.toMatch(/https?:|\d/);
  });

  it('answers a price question with the store price and a link', async () => {
    const trace = await run(makeEvent('how much is the canvas cap??'));
    expect(trace).toMatchObject({ intent: 'price', answerKind: 'price' });
    expect(pipeline.recorder.sent[0]!.text).toContain('$19.50');
    expect(pipeline.recorder.sent[0]!.text).toContain(trace.link!);
  });

  it('reads a follow-up ("and in blue?") as the last product of the conversation', async () => {
    const history: HistoryTurn[] = [
      { sender: 'customer', content: 'is the cloud hoodie in M red available?' },
      { sender: 'ai', content: 'The Cloud Hoodie in M / Red is sold out right now, sorry!' },
    ];
    const trace = await run(makeEvent('and in blue?', { history }));
    expect(trace.product).toMatchObject({ title: 'Cloud Hoodie', fromHistory: true });
    expect(trace.variant?.title).toBe('M / Blue');
    expect(trace.answerKind).toBe('in_stock');
  });

  it.each([
    'can I talk to a real person?',
    'I want to speak to someone please',
    'this is ridiculous, my order never arrived 😡',
  ])('hands "%s" to a person with one acknowledgement and escalates', async (text) => {
    const trace = await run(makeEvent(text));
    expect(trace).toMatchObject({ answerKind: 'hand_off', handedOff: true, outcome: 'replied' });
    expect(pipeline.recorder.sent).toHaveLength(1);
    expect(pipeline.recorder.escalated).toEqual(['conversation-1']);
  });

  it.each([
    ['the brand is paused', { brand: { id: 'brand-1', name: 'Luna Wear', active: false } }, 'brand paused'],
    [
      'the conversation is escalated',
      { conversation: { id: 'c', status: 'escalated', handledBy: 'assistant' } },
      'escalated',
    ],
    ['a person took over', { conversation: { id: 'c', status: 'active', handledBy: 'person' } }, 'person'],
  ] as const)('stays silent when %s', async (_label, fields, reason) => {
    const trace = await run(makeEvent('is the trail tee in M in stock?', fields as Partial<AssistantEvent>));
    expect(trace.outcome).toBe('silent');
    expect(trace.silentReason).toContain(reason);
    expect(pipeline.recorder.sent).toEqual([]);
  });

  it('stays silent when the messaging window is closed', async () => {
    pipeline.recorder = recordingEffects({ windowOpen: false });
    const trace = await run(makeEvent('is the trail tee in M in stock?'));
    expect(trace).toMatchObject({ outcome: 'silent' });
    expect(trace.silentReason).toMatch(/window/);
    expect(pipeline.recorder.sent).toEqual([]);
  });

  describe('rules', () => {
    const afterHours = rule(
      'After-Hours Auto Reply',
      // The default hours, 09:00 to 18:00 on weekdays in Los Angeles, as the demo's rule has them.
      { type: 'outside_business_hours', ...defaultBusinessHours, days: [...defaultBusinessHours.days] },
      {
        type: 'fixed_text',
        text: 'Thanks {first_name}! The {brand} team is offline and will follow up during business hours.',
      },
      5,
    );
    const productInquiry = rule(
      'Product Inquiry Response',
      { type: 'product_mention' },
      { type: 'answer_availability' },
      10,
    );
    const fire = rule(
      'Fire Emoji Comment to DM',
      { type: 'comment_keyword', keywords: ['🔥'] },
      { type: 'private_reply_product_link' },
      9,
    );

    it('applies the after-hours rule outside 9am-6pm Los Angeles time, and not inside', async () => {
      // 03:00 UTC on a Wednesday is 19:00 on Tuesday in Los Angeles.
      const late = await run(
        makeEvent('is the trail tee in M in stock?', {
          rules: [productInquiry, afterHours],
          receivedAt: new Date('2026-11-25T03:00:00Z'),
        }),
      );
      expect(late.rule?.name).toBe('After-Hours Auto Reply');
      expect(pipeline.recorder.sent[0]!.text).toMatch(/^Thanks Jane! The Luna Wear team is offline/);
      const inHours = await run(
        makeEvent('is the trail tee in M in stock?', { rules: [productInquiry, afterHours] }),
      );
      expect(inHours.rule?.name).toBe('Product Inquiry Response');
      expect(inHours.answerKind).toBe('in_stock');
    });

    it('applies a keyword rule before a product-mention rule, and records it', async () => {
      const wholesale = rule(
        'Wholesale',
        { type: 'dm_keyword', keywords: ['wholesale'] },
        { type: 'hand_off' },
        1,
      );
      const trace = await run(
        makeEvent('Wholesale price for the trail tee?', { rules: [productInquiry, wholesale] }),
      );
      expect(trace.rule?.name).toBe('Wholesale');
      expect(trace.handedOff).toBe(true);
    });

    it('does nothing when the matched rule says so', async () => {
      const quiet = rule('Quiet', { type: 'first_message' }, { type: 'do_nothing' }, 1);
      const trace = await run(makeEvent('hello', { rules: [quiet] }));
      expect(trace).toMatchObject({ outcome: 'silent', rule: { name: 'Quiet' } });
      expect(pipeline.recorder.sent).toEqual([]);
    });

    it('answers a 🔥 comment with one private-reply DM carrying the product link', async () => {
      const trace = await run(
        makeCommentEvent('🔥🔥 need the trail tee', 'c1', { rules: [productInquiry, fire] }),
      );
      expect(trace.rule?.name).toBe('Fire Emoji Comment to DM');
      expect(pipeline.recorder.sent).toHaveLength(1);
      expect(pipeline.recorder.sent[0]).toMatchObject({
        kind: 'private',
        idempotencyKey: 'assistant:comment:c1',
      });
      expect(pipeline.recorder.sent[0]!.text).toContain(trace.link!);
    });

    it('answers a product question in a comment by private reply, and ignores other comments', async () => {
      const question = await run(makeCommentEvent('is the canvas cap still available?', 'c2'));
      expect(question.outcome).toBe('replied');
      expect(pipeline.recorder.sent[0]).toMatchObject({ kind: 'private' });
      const praise = await run(makeCommentEvent('love this look', 'c3'));
      expect(praise.outcome).toBe('silent');
      expect(pipeline.recorder.sent).toHaveLength(1);
    });
  });

  describe('voice', () => {
    it('is deterministic for the same event and never opens twice in a row the same way', async () => {
      const event = makeEvent('is the trail tee in M in stock?');
      const first = await run(event);
      const again = await run(event);
      expect(again.reply).toBe(first.reply);
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constantFrom(...brandTones),
          async (key, tone) => {
            const personality = {
              archetype: 'sage' as const,
              tone,
              voiceDescription: '',
              exampleResponses: '',
            };
            const previous = await run(
              makeEvent('hello there', { eventKey: `message:a-${key}`, personality }),
            );
            const history: HistoryTurn[] = [
              { sender: 'customer', content: 'hello there' },
              { sender: 'ai', content: previous.reply! },
            ];
            const next = await run(
              makeEvent('hi again', { eventKey: `message:b-${key}`, history, personality }),
            );
            const opening = (text: string) => text.split(/(?<=[.!?])\s/)[0];
            expect(opening(next.reply!)).not.toBe(opening(previous.reply!));
          },
        ),
        { numRuns: 40 },
      );
    });

    it('uses the brand examples’ greeting and sign-off, and leaves out words the description avoids', async () => {
      const personality = {
        archetype: 'explorer' as const,
        tone: 'friendly' as const,
        voiceDescription: 'Warm and outdoorsy. Avoid the word "Hey". No emoji.',
        exampleResponses: 'Howdy, trail friend! That jacket is a great pick.\nStay wild',
      };
      const trace = await run(makeEvent('is the trail tee in M in stock?', { personality }));
      expect(trace.reply).toMatch(/^Howdy, trail friend!|^Hi( there)?!|^Hello!/);
      expect(trace.reply).not.toMatch(/\bHey\b/);
      expect(trace.reply).toContain('Stay wild');
      expect(trace.reply).not.toMatch(/[😊🙌👋]/u);
    });

    it('keeps every reply grounded and within 1,000 bytes for every tone and archetype', async () => {
      const texts = [
        'is the cloud hoodie in S red available?',
        'do you have the cloud hoodie in M red?',
        'how much is the canvas cap',
        'do you have the cloud hoodie?',
        'do you sell surfboards',
        'hey',
        'thanks!',
        'do you ship abroad?',
        'is the mug available?',
        'I want a human',
      ];
      for (const tone of brandTones) {
        for (const archetype of brandArchetypes) {
          for (const text of texts) {
            const trace = await run(
              makeEvent(text, {
                personality: { archetype, tone, voiceDescription: '', exampleResponses: '' },
              }),
            );
            expect(trace.outcome, `${tone}/${archetype}: ${text}`).toBe('replied');
            expect(trace.bytes).toBeLessThanOrEqual(1000);
          }
        }
      }
    });

    it('fits a long fixed text and the disclosure into 1,000 bytes', async () => {
      const long = rule(
        'Long',
        { type: 'first_message' },
        { type: 'fixed_text', text: `${'Thank you so much for writing to us today. '.repeat(23)}Bye.` },
        1,
      );
      const trace = await run(makeEvent('hello', { rules: [long] }));
      expect(Buffer.byteLength(pipeline.recorder.sent[0]!.text)).toBeLessThanOrEqual(1000);
      expect(trace.bytes).toBeLessThanOrEqual(1000);
      expect(trace.disclosed).toBe(true);
    });
  });
});
