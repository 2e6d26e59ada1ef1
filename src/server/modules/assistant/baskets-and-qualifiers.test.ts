import { describe, expect, it } from 'vitest';
import { sampleProducts } from '#tests/support/memory-catalog.ts';
import type { CatalogProduct } from './ports.ts';
import { languageByLexicon } from './language/lexicon.ts';
import { valuesByFlavourFamily } from './option-words.ts';
import {
  converse,
  expectNotSold,
  makeEvent as buyerEvent,
  usePipeline,
} from '#tests/support/assistant-pipeline.ts';
import { catalogProduct as product, catalogVariant } from '#tests/support/catalog-products.ts';
import { withoutOwnThings } from './pipeline.ts';
import { readAttributes, readLetterSizes, readMeasures } from './qualifiers.ts';
import type { AssistantEvent } from './types.ts';

/**
 * Several items in one message on one link, and what the buyer asks a product to be (a measure, a letter size,
 * an attribute) deciding between products or saying we do not sell it. In-memory catalog.
 */

const variant = (title: string, options: [string, string][], price: string, quantity: number) =>
  catalogVariant(options, quantity, price, title);
const single = (price: string, quantity: number) => [
  variant('Default Title', [['Title', 'Default Title']], price, quantity),
];

function moreProducts(): CatalogProduct[] {
  return [
    product('Ultralight 2-Person Tent', 'Tents', ['tent'], single('299.00', 5)),
    product('6-Person Family Tent', 'Tents', ['tent'], single('449.00', 3)),
    product('Whey Protein', 'Protein', ['whey'], single('54.00', 8)),
    product('Plant Protein', 'Protein', ['vegan', 'pea'], single('46.00', 6)),
    product(
      'Leather Belt',
      'Belts',
      [],
      [
        variant(
          '32 / Brown',
          [
            ['Size', '32'],
            ['Color', 'Brown'],
          ],
          '65.00',
          4,
        ),
        variant(
          '32 / Black',
          [
            ['Size', '32'],
            ['Color', 'Black'],
          ],
          '65.00',
          2,
        ),
        variant(
          '34 / Brown',
          [
            ['Size', '34'],
            ['Color', 'Brown'],
          ],
          '65.00',
          1,
        ),
      ],
    ),
  ];
}

// These replies are read without the automation disclosure.
const makeEvent = (text: string, fields: Partial<AssistantEvent> = {}) =>
  buyerEvent(text, { discloseAutomation: false, ...fields });

describe('several items in one message', () => {
  const pipeline = usePipeline(() => [...sampleProducts(), ...moreProducts()]);
  const run = (text: string) => pipeline.run(makeEvent(text));
  const idOf = (title: string, variantTitle: string) =>
    pipeline.catalog.products
      .find((item) => item.title === title)!
      .variants.find((v) => v.title === variantTitle)!.id;

  it('puts each product with its own count on one link and lists them', async () => {
    const trace = await run('2 trail tees in M and a canvas cap please');
    expect(trace.answerKind).toBe('in_stock');
    expect(trace.items).toEqual([
      { product: 'Trail Tee', variant: 'M', asked: 2, linked: 2 },
      { product: 'Canvas Cap', variant: 'Default Title', asked: null, linked: 1 },
    ]);
    expect(pipeline.catalog.calls).toContain(
      `basket:${idOf('Trail Tee', 'M')}:2,${idOf('Canvas Cap', 'Default Title')}:1`,
    );
    // The trace's link is the one basket link, each item with its count in the order asked.
    expect(trace.link).toMatch(/\/cart\/[0-9a-f]{8}:2,[0-9a-f]{8}:1\?ref=/);
    expect(trace.reply).toContain('2 × Trail Tee (M), $25.00');
    expect(trace.reply).toContain('1 × Canvas Cap, $19.50');
    expect(trace.quantity).toEqual({ asked: 2, linked: 2 });
  });

  it('reads another option of the product before as another item ("and 1 in blue")', async () => {
    const trace = await run('2 cloud hoodies in L red and 1 in blue');
    expect(trace.items).toEqual([
      { product: 'Cloud Hoodie', variant: 'L / Red', asked: 2, linked: 2 },
      { product: 'Cloud Hoodie', variant: 'M / Blue', asked: 1, linked: 1 },
    ]);
  });

  it('leaves a sold-out item off the link and says so', async () => {
    const trace = await run('a trail tee in L and 2 canvas caps');
    expect(trace.items).toEqual([
      { product: 'Canvas Cap', variant: 'Default Title', asked: 2, linked: 2 },
      { product: 'Trail Tee', variant: 'L', asked: null, linked: null },
    ]);
    expect(pipeline.catalog.calls).toContain(`basket:${idOf('Canvas Cap', 'Default Title')}:2`);
    expect(trace.reply).toMatch(/Trail Tee in L is sold out/);
  });

  it('answers one product as before when the second part names nothing', async () => {
    const trace = await run('trail tee in M and how much is shipping');
    expect(trace.items ?? null).toBeNull();
    expect(pipeline.catalog.calls.some((call) => call.startsWith('basket:'))).toBe(false);
  });
});

describe('what the buyer asks a product to be', () => {
  const pipeline = usePipeline(() => [...sampleProducts(), ...moreProducts()]);
  const run = (event: AssistantEvent) => pipeline.run(event);
  const conversation = (texts: string[]) =>
    converse(run, pipeline.recorder, texts, { discloseAutomation: false });

  it('picks the one product that carries the measure asked', async () => {
    const trace = await run(makeEvent('do you have a 6 person tent?'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', product: { title: '6-Person Family Tent' } });
  });

  it('says a measure no product carries is not sold, the nearest offered as the closest', async () => {
    const trace = await run(makeEvent('got a 1 person tent?'));
    expectNotSold(trace, '1-person', { product: 'Ultralight 2-Person Tent' });
    expect(trace.reply).toMatch(/don't (have|sell) (that|it) in 1-person/);
  });

  it('says a letter size the product lacks is not sold, with its own variant as the closest', async () => {
    const trace = await run(makeEvent('trail tee in XXL?'));
    expectNotSold(trace, 'size XXL', { product: 'Trail Tee', variant: 'M' });
  });

  it('offers a product of the same kind that has the attribute asked', async () => {
    const trace = await run(makeEvent('is the whey protein vegan?'));
    expectNotSold(trace, 'vegan', { product: 'Plant Protein' });
  });

  it('reads "the other one?" as the other value of a settled option', async () => {
    const [, , third] = await conversation([
      'leather belt 32 brown',
      'hmm brown doesnt go with my shoes',
      'the other one?',
    ]);
    expect(third).toMatchObject({ answerKind: 'in_stock', variant: { title: '32 / Black' } });
  });
});

describe('the words behind it', () => {
  it('reads measures with their units, and not counts', () => {
    expect(readMeasures('got a 1 person tent? SPF 100, a 3-pack, 22L, pack of 12')).toEqual([
      { value: 1, unit: 'person' },
      { value: 3, unit: 'pack' },
      { value: 22, unit: 'l' },
      { value: 100, unit: 'spf' },
      { value: 12, unit: 'pack' },
    ]);
    expect(readMeasures('2 tees in L and 3 caps')).toEqual([]);
  });

  it('reads letter sizes in both spellings', () => {
    expect(readLetterSizes('crew tee in XXXL? or 3XL, maybe xs')).toEqual(['xxxl', 'xxxl', 'xs']);
    expect(readLetterSizes('exactly m')).toEqual([]);
  });

  it('reads attributes, the longer first', () => {
    expect(readAttributes('any vegan, gluten free bars?')).toEqual(['gluten free', 'vegan']);
    expect(readAttributes('the black hoodie')).toEqual([]);
  });

  it('maps a flavour or scent to the store’s family name', () => {
    expect(valuesByFlavourFamily('two hand cream al lemon', ['Rose', 'Citrus', 'Unscented'])).toEqual([
      'Citrus',
    ]);
    expect(valuesByFlavourFamily('the rose one', ['Citrus', 'Unscented'])).toEqual([]);
  });

  it('places a short DM by the lexicon that reads it, and not on one shared word', () => {
    expect(languageByLexicon('verkauft ihr Fahrradhelme?')).toBe('de');
    expect(languageByLexicon('Rucksack 22L in senfgelb')).toBe('de');
    expect(languageByLexicon('rose candle')).toBeNull();
    expect(languageByLexicon('do you have the rucksack')).toBeNull();
  });

  it('searches what the buyer asks for, not what they have', () => {
    expect(withoutOwnThings('brown doesnt go with my shoes')).toBe('brown doesnt go with');
    expect(withoutOwnThings('in my size')).toBe('in my size');
  });
});
