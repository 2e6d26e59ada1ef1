import { describe, expect, it } from 'vitest';
import { sampleProducts } from '#tests/support/memory-catalog.ts';
import {
  conversationState,
  converse,
  expectNotSold,
  makeEvent,
  usePipeline,
} from '#tests/support/assistant-pipeline.ts';
import type { LlmComposer } from './pipeline.ts';

/**
 * The assistant on DMs as buyers write them (in-memory catalog; the database-backed state is in
 * conversation-state.test.ts): quantities, follow-ups through the kept state, other languages, not sold, indirect
 * hand-offs, the conversation's openings, and the hardened output guard.
 */

describe('the assistant with real buyers', () => {
  const pipeline = usePipeline(sampleProducts);
  const { run } = pipeline;

  const conversation = (texts: string[]) => converse(run, pipeline.recorder, texts);

  describe('quantities', () => {
    it('carries the quantity asked on the checkout link and says it', async () => {
      const trace = await run(makeEvent('can I get two trail tees in M?'));
      expect(trace).toMatchObject({ answerKind: 'in_stock', quantity: { asked: 2, linked: 2 } });
      expect(trace.link).toMatch(/:2(\?|$)/);
      expect(trace.reply).toMatch(/link (is for|has) 2/);
    });

    it('caps the link at the stock on hand and says how many there are', async () => {
      // The Cloud Hoodie S / Red has 4 on hand.
      const trace = await run(makeEvent('I need 6 of the cloud hoodie in small red'));
      expect(trace).toMatchObject({ answerKind: 'in_stock', quantity: { asked: 6, linked: 4 } });
      expect(trace.link).toMatch(/:4(\?|$)/);
      expect(trace.reply).toMatch(/only (have )?4/);
    });

    it('reads number words in Spanish and answers in Spanish', async () => {
      const trace = await run(makeEvent('hola! quiero dos trail tee talla M por favor'));
      expect(trace).toMatchObject({ language: 'es', answerKind: 'in_stock', quantity: { asked: 2 } });
      expect(trace.reply).toContain('El enlace es para 2.');
      expect(trace.reply).toContain('Trail Tee');
      expect(trace.reply).toContain('asistente automático de Luna Wear');
    });
  });

  describe('follow-ups through the kept state', () => {
    it('changes only what the follow-up changes, and a new product resets it', async () => {
      const [first, second, third, fourth] = await conversation([
        'is the cloud hoodie available in M red?',
        'and in blue?',
        'ok 2 of those then',
        'do you have the trail tee in L?',
      ]);
      expect(first).toMatchObject({ answerKind: 'out_of_stock', variant: { title: 'M / Red' } });
      expect(second).toMatchObject({
        answerKind: 'in_stock',
        product: { title: 'Cloud Hoodie', fromHistory: true },
        variant: { title: 'M / Blue' },
      });
      expect(third!).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M / Blue' } });
      expect(third!.link).toMatch(/:2(\?|$)/);
      // A new product: the quantity of 2 does not carry over.
      expect(fourth).toMatchObject({ product: { title: 'Trail Tee', fromHistory: false } });
      expect(pipeline.recorder.states.at(-1)).toMatchObject({ quantity: null });
    });

    it('answers "how much is it?" about the product in play', async () => {
      const [, price] = await conversation(['trail tee in M?', 'how much is it?']);
      expect(price!).toMatchObject({ answerKind: 'price', product: { title: 'Trail Tee' } });
      expect(price!.reply).toContain('$25.00');
    });

    it('does not greet again mid-conversation nor open twice the same way', async () => {
      const traces = await conversation(['hi! trail tee in M?', 'and the cloud hoodie in small red?']);
      const openings = /^(Hi there!|Hey!|Hi!|Hey there!|Hello!)/;
      expect(traces[0]!.reply).toMatch(openings);
      expect(traces[1]!.reply).not.toMatch(openings);
    });
  });

  describe('not sold', () => {
    it('says "we don’t have it in purple" and offers the closest variant as an alternative', async () => {
      const trace = await run(makeEvent('do you have the cloud hoodie in purple?'));
      expectNotSold(trace, 'purple', { product: 'Cloud Hoodie' });
      expect(trace.reply).toMatch(/don't (have|sell) (that|it) in purple/);
      expect(trace.reply).toMatch(/closest/);
    });

    it('says it is not sold, without an alternative, for a category the shop lacks', async () => {
      const trace = await run(makeEvent('do you sell sunglasses?'));
      expect(trace).toMatchObject({ answerKind: 'not_sold', alternative: null, link: null });
      expect(trace.reply).not.toMatch(/https?:/);
    });

    it('records the match confidence in the trace', async () => {
      const trace = await run(makeEvent('trail tee M'));
      expect(trace.match?.confidence).toBeGreaterThan(0);
    });
  });

  describe('who wants a person, said indirectly', () => {
    it.each([
      'do you do wholesale? I have a shop in Leeds',
      'can I speak to the owner',
      'is this serum ok while pregnant?',
      'my lawyer will be in touch',
      'quiero hablar con el dueño',
      'vendez-vous en gros ?',
    ])('"%s" gets one acknowledgement and is escalated', async (text) => {
      const trace = await run(makeEvent(text));
      expect(trace).toMatchObject({ answerKind: 'hand_off', handedOff: true });
      expect(pipeline.recorder.escalated).toEqual(['conversation-1']);
      expect(pipeline.recorder.sent).toHaveLength(1);
    });

    it('hands a repeated complaint to a person', async () => {
      const trace = await run(
        makeEvent('you promised it would ship yesterday and still nothing', {
          state: conversationState({ complaints: 1 }),
        }),
      );
      expect(trace).toMatchObject({ answerKind: 'hand_off', handOffReason: 'repeated complaint' });
    });
  });

  describe('the brand’s name', () => {
    it('writes the possessive of a name ending in s right', async () => {
      const trace = await run(
        makeEvent('trail tee in M?', {
          brand: { id: 'brand-1', name: 'Tess', active: true },
          personality: {
            archetype: 'everyman',
            tone: 'friendly',
            voiceDescription: '',
            exampleResponses: '',
          },
        }),
      );
      expect(trace.reply).toContain("I'm Tess' automated assistant");
      expect(trace.reply).not.toContain("Tess's");
    });
  });

  describe('the output guard', () => {
    const obeying = (text: string): LlmComposer => ({
      model: 'obeying-model',
      async compose() {
        return {
          text,
          toolResults: [],
          promptTokens: 1,
          completionTokens: 1,
          toolCalls: [],
          requestedHandOff: false,
        };
      },
    });

    it.each([
      ['a bare-domain link', 'Pay here instead: evil.example/pay', 'link-not-from-catalog'],
      ['a www link', 'Order at www.cheap-tees.shop for less', 'link-not-from-catalog'],
      ['full-width digits', 'Only $９９ today!', 'number-not-in-facts'],
      ['Arabic-Indic digits', 'Only ٣ left, hurry', 'number-not-in-facts'],
    ])('refuses %s, sends the embedded reply and records the rule', async (_name, text, rule) => {
      const trace = await run(makeEvent('trail tee in M?'), obeying(text));
      expect(trace.provider).toBe('embedded');
      expect(trace.reply).not.toContain(text);
      expect(trace.refusals.map((refusal) => refusal.rule)).toContain(rule);
      expect(pipeline.recorder.sent[0]?.text).toBe(trace.reply);
    });

    it('refuses another product’s price quoted for the one asked about', async () => {
      // $14.00 is the Camp Mug's price; the LLM's own tool results carry both products.
      const llm: LlmComposer = {
        model: 'obeying-model',
        async compose() {
          return {
            text: 'The Trail Tee is $14.00.',
            toolResults: [
              { products: [{ title: 'Trail Tee', variants: [{ price: '25.00' }] }] },
              { products: [{ title: 'Camp Mug', variants: [{ price: '14.00' }] }] },
            ],
            promptTokens: 1,
            completionTokens: 1,
            toolCalls: ['find_product'],
            requestedHandOff: false,
          };
        },
      };
      const trace = await run(makeEvent('how much is the trail tee?'), llm);
      expect(trace.refusals.map((refusal) => refusal.rule)).toContain('price-of-another-product');
      expect(trace.provider).toBe('embedded');
      expect(trace.reply).toContain('$25.00');
    });

    it('quotes a product title without the link inside it', async () => {
      const tee = pipeline.catalog.products.find((product) => product.title === 'Trail Tee')!;
      tee.title = 'Trail Tee (see evil.example/deal)';
      const trace = await run(makeEvent('trail tee in M?'));
      expect(trace.outcome).toBe('replied');
      expect(trace.reply).not.toContain('evil.example');
      expect(trace.refusals).toEqual([]);
    });
  });
});
