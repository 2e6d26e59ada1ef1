import { describe, expect, it } from 'vitest';
import { createMemoryCatalog } from '#tests/support/memory-catalog.ts';
import { toEnglish } from './language/lexicon.ts';
import type { CatalogProduct } from './ports.ts';
import { runPipeline, type AssistantTrace, type PipelineEffects } from './pipeline.ts';
import { missingBedSize, readMeasures } from './qualifiers.ts';
import type { AssistantEvent } from './types.ts';
import { readAlternatives, unknownHeads, unsaidTitleWords } from './understanding.ts';

/**
 * Kinds of product the shop does not sell (weighed with "or", or named after a word of another product), the
 * alternative offered for an attribute, and the general words behind them: phrases in the plural, local letter
 * sizes, temperatures, unit typos, counts of packs and bed sizes (docs/decisions/052-…). In-memory catalog.
 */

let sequence = 0;
const nextId = () => `00000000-0000-4000-a000-${String((sequence += 1)).padStart(12, '0')}`;
const variant = (options: [string, string][], quantity = 5) => ({
  id: nextId(),
  title: options.map(([, value]) => value).join(' / '),
  options: options.map(([name, value]) => ({ name, value })),
  sku: null,
  price: '20.00',
  currency: 'USD',
  availableForSale: quantity > 0,
  stockQuantity: quantity,
});
const product = (
  title: string,
  productType: string,
  tags: string[],
  variants: ReturnType<typeof variant>[],
): CatalogProduct => ({
  id: nextId(),
  title,
  productType,
  vendor: 'Test',
  tags,
  url: null,
  imageUrl: null,
  variants,
});
const sizes = (name: string, values: string[]) => values.map((value) => variant([[name, value]]));

function store(): CatalogProduct[] {
  return [
    product('Fiberglass Kayak Paddle', 'Paddling', ['kayak', 'paddle'], sizes('Size', ['220 cm', '230 cm'])),
    product('Quick Dry Swim Shorts', 'Swimwear', ['swim shorts'], sizes('Size', ['S', 'M', 'L'])),
    product('Microfiber Gym Towel', 'Gym Gear', ['towel', 'gym'], sizes('Color', ['Black', 'Grey'])),
    product('Lash Lift Mascara', 'Eyes', ['mascara', 'makeup'], sizes('Shade', ['Black', 'Brown'])),
    product('Waterproof Gel Eyeliner', 'Eyes', ['eyeliner', 'waterproof'], sizes('Shade', ['Black', 'Navy'])),
    product('Down Sleeping Bag -5C', 'Sleeping Bags', ['sleeping bag'], sizes('Size', ['Regular', 'Long'])),
    product(
      'Synthetic Sleeping Bag 5C',
      'Sleeping Bags',
      ['sleeping bag'],
      sizes('Size', ['Regular', 'Long']),
    ),
    product('Percale Sheet Set', 'Bedding', ['sheets'], sizes('Size', ['Twin', 'Full', 'Queen', 'King'])),
  ];
}

const effects: PipelineEffects = {
  async checkWindow() {
    return { allowed: true };
  },
  async sendDirectMessage() {
    return { status: 'sent', messageIds: ['m1'], duplicate: false };
  },
  async sendCommentReply() {
    return { status: 'sent', messageIds: [], duplicate: false };
  },
  async escalate() {},
  async recordTrace() {},
  async saveState() {},
};

let counter = 0;
function run(text: string): Promise<AssistantTrace> {
  counter += 1;
  const event: AssistantEvent = {
    kind: 'message',
    eventKey: `message:kinds-${counter}`,
    brand: { id: 'brand-1', name: 'Luna Wear', active: true },
    conversation: { id: 'conversation-1', status: 'active', handledBy: 'assistant' },
    commentId: null,
    customer: { username: 'jane.doe' },
    text,
    history: [],
    personality: { archetype: 'everyman', tone: 'friendly', voiceDescription: '', exampleResponses: '' },
    rules: [],
    discloseAutomation: false,
    receivedAt: new Date('2026-11-24T18:00:00Z'),
  };
  return runPipeline({ catalog: createMemoryCatalog(store()), effects, llm: null }, event);
}

describe('a kind of product the shop does not sell', () => {
  it('says "X or just Y" is not sold when only Y is, and offers Y as the closest', async () => {
    const trace = await run('do u sell kayaks or just the paddle lol');
    expect(trace).toMatchObject({
      answerKind: 'not_sold',
      match: { lacking: 'kayaks' },
      alternative: { product: 'Fiberglass Kayak Paddle' },
    });
    // Said as a kind we do not carry, not as an option of the paddle.
    expect(trace.reply).not.toContain('in kayaks');
  });

  it('says two things weighed with "or" are not sold when no product is either, offering nothing', async () => {
    const trace = await run('kettlebells or dumbbells?? setting up a home gym rn');
    expect(trace).toMatchObject({ answerKind: 'not_sold', alternative: null });
    expect(trace.match?.lacking).toBe('kettlebells or dumbbells');
  });

  it('leaves "or" alone when a side is sold', async () => {
    const trace = await run('the kayak paddle or the swim shorts?');
    expect(trace.answerKind).not.toBe('not_sold');
  });

  it('says a kind named after a word of another product is not sold ("swim goggles")', async () => {
    const trace = await run('do u guys sell swim goggles');
    expect(trace).toMatchObject({ answerKind: 'not_sold', alternative: null, match: { lacking: 'goggles' } });
    // The same words with the product's own kind are the product.
    expect((await run('do u guys sell swim shorts')).answerKind).toBe('ask_variant');
  });

  it('offers the product itself for an attribute only another kind has (a waterproof eyeliner is no mascara)', async () => {
    const trace = await run('is the lash lift mascara waterproof?? need it for a wedding');
    expect(trace).toMatchObject({
      answerKind: 'not_sold',
      match: { lacking: 'waterproof' },
      alternative: { product: 'Lash Lift Mascara' },
    });
  });

  it('says a temperature or a bed size the product is not made for is not sold', async () => {
    expect(await run('need a sleeping bag good to -20 for winter')).toMatchObject({
      answerKind: 'not_sold',
      match: { lacking: '-20 °C' },
      alternative: { product: 'Down Sleeping Bag -5C' },
    });
    expect(await run('percale sheets in twin xl?')).toMatchObject({
      answerKind: 'not_sold',
      match: { lacking: 'twin xl' },
      alternative: { product: 'Percale Sheet Set' },
    });
  });
});

describe('the words behind it', () => {
  it('reads the things weighed with "or", and whether the second is the one known', () => {
    expect(readAlternatives('do you have a hair mask or just the conditioner')).toEqual({
      asked: ['hair', 'mask'],
      other: ['conditioner'],
      only: true,
    });
    expect(readAlternatives('nike or adidas trainers')).toEqual({
      asked: ['nike'],
      other: ['adidas', 'trainers'],
      only: false,
    });
    // Colours, sizes and chat are options and talk, not things weighed.
    expect(readAlternatives('black or navy?')).toBeNull();
    expect(readAlternatives('S or M')).toBeNull();
  });

  it('reads a kind word that ends the phrase after a word the product carries', () => {
    const [, shorts] = store();
    expect(unknownHeads('do u sell swim goggles?', shorts!)).toEqual(['goggles']);
    expect(unknownHeads('swim shorts for my holiday', shorts!)).toEqual([]);
    // An unknown word that qualifies a carried one is a modifier, read elsewhere.
    expect(unknownHeads('cargo swim shorts', shorts!)).toEqual([]);
  });

  it('counts the words of a title the buyer did not write, in any spelling', () => {
    const [, , , , , , , sheets] = store();
    expect(unsaidTitleWords('percale sheets', sheets!)).toBe(1);
    expect(unsaidTitleWords('sheets', sheets!)).toBe(2);
    // "percal" is Percale in another spelling.
    expect(unsaidTitleWords('un set de sheets en percal', sheets!)).toBe(0);
  });

  it('reads temperatures, unit typos and counts of packs', () => {
    expect(readMeasures('Down Sleeping Bag -5C')).toEqual([{ value: -5, unit: 'c' }]);
    expect(readMeasures('good to -20 for winter, or 0 °C')).toEqual([
      { value: -20, unit: 'c' },
      { value: 0, unit: 'c' },
    ]);
    expect(readMeasures('a 1 persn tent for 2 peopel')).toEqual([
      { value: 1, unit: 'person' },
      { value: 2, unit: 'person' },
    ]);
    expect(readMeasures('3 packs of socks')).toEqual([]);
    expect(readMeasures('sizes 10-12')).toEqual([]);
  });

  it('reads a bed size the product is not sold in, the longer name first', () => {
    const sheets = store()[7]!;
    expect(missingBedSize('sheets in twin xl', sheets)).toBe('twin xl');
    expect(missingBedSize('california king sheets', sheets)).toBe('california king');
    expect(missingBedSize('king sheets', sheets)).toBeNull();
    expect(missingBedSize('twin xl', store()[1]!)).toBeNull();
  });

  it('reads a phrase in the plural, and never reads a phrase’s English again', () => {
    expect(toEnglish('vous vendez des maillots de bain une pièce ?', 'fr')).toBe(
      'do you sell des swimsuit one-piece ?',
    );
    expect(toEnglish('un gel energetico de limon', 'es')).toBe('one energy gel of lemon');
  });

  it('reads letter sizes written the Brazilian and Mexican way, not grams', () => {
    expect(toEnglish('a jaqueta jeans tem G?', 'pt')).toBe('a denim jacket do you have size l?');
    expect(toEnglish('tamanho P por favor', 'pt')).toBe('size s please');
    expect(toEnglish('la tienen en EG', 'es')).toBe('la do you have in size xl');
    expect(toEnglish('500 g de whey p/ mim', 'pt')).toBe('500 g de whey p/ mim');
  });
});
