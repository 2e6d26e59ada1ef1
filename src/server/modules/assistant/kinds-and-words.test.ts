import { describe, expect, it } from 'vitest';
import { expectNotSold, makeEvent, recordingEffects } from '#tests/support/assistant-pipeline.ts';
import { createMemoryCatalog } from '#tests/support/memory-catalog.ts';
import { catalogProduct as product, catalogVariant as variant } from '#tests/support/catalog-products.ts';
import { toEnglish } from './language/lexicon.ts';
import type { CatalogProduct, FindProductsResult } from './ports.ts';
import { runPipeline, type AssistantTrace } from './pipeline.ts';
import { missingBedSize, readMeasures } from './qualifiers.ts';
import { colourFamiliesOf, flavoursNotCarried, readRelativeAmount } from './option-words.ts';
import { readQuantity } from './quantities.ts';
import {
  classifyIntent,
  readAlternatives,
  readMessage,
  readNamedOptions,
  understand,
  unknownHeads,
  unsaidTitleWords,
  valueNotCarried,
} from './understanding.ts';

/**
 * Kinds of product the shop does not sell (weighed with "or", or named after a word of another product), the
 * alternative offered for an attribute, and the general words behind them: phrases in the plural, local letter
 * sizes, temperatures, unit typos, counts of packs and bed sizes. In-memory catalog.
 * docs/decisions/052-kinds-not-sold-and-the-words-around-options.md
 */

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
    product(
      'Suede Chelsea Boots',
      'Shoes',
      ['boots'],
      [
        variant([
          ['Size', '10'],
          ['Color', 'Tan'],
        ]),
        variant([
          ['Size', '10'],
          ['Color', 'Dark Brown'],
        ]),
      ],
    ),
    product('Gel Nail Polish', 'Nails', ['nail polish'], sizes('Shade', ['Cherry Red', 'Nude', 'Navy'])),
    product('Linen Apron', 'Kitchen', ['apron'], sizes('Color', ['Terracotta', 'Sage'])),
    product(
      'Linen Tea Towels Set of 2',
      'Kitchen',
      ['tea towel'],
      sizes('Color', ['Sage Stripe', 'Natural Stripe']),
    ),
    product('Vegan Protein Bar Box of 12', 'Bars', ['vegan'], sizes('Flavor', ['Peanut Butter'])),
    product('Protein Bar Box of 12', 'Bars', ['protein bar'], sizes('Flavor', ['Salted Caramel'])),
    product('High Waist Yoga Leggings', 'Activewear', ['leggings'], sizes('Size', ['S', 'M'])),
    product('Insulated Foam Sleeping Mat Roll', 'Sleeping Pads', ['mat'], sizes('Size', ['Regular', 'Wide'])),
    product('Classic Denim Jacket', 'Jackets', ['denim'], sizes('Color', ['Mid Wash', 'Black'])),
  ];
}

const { effects } = recordingEffects();

function run(text: string): Promise<AssistantTrace> {
  return runPipeline(
    { catalog: createMemoryCatalog(store()), effects, llm: null },
    makeEvent(text, { discloseAutomation: false }),
  );
}

/** What `understand` makes of the buyer's text over the store, given what the search answered. */
function understandSearched(
  catalog: ReturnType<typeof createMemoryCatalog>,
  text: string,
  search: FindProductsResult,
) {
  return understand({ catalog, brandId: 'brand-1', text, history: [], search });
}

/** The search's match of every variant of the product. */
const matchOf = (item: CatalogProduct, score: number) => ({
  product: item,
  variantIds: item.variants.map((v) => v.id),
  score,
});

describe('a kind of product the shop does not sell', () => {
  it('says "X or just Y" is not sold when only Y is, and offers Y as the closest', async () => {
    const trace = await run('do u sell kayaks or just the paddle lol');
    expectNotSold(trace, 'kayaks', { product: 'Fiberglass Kayak Paddle' });
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
    expectNotSold(trace, 'waterproof', { product: 'Lash Lift Mascara' });
  });

  it('says a kind is not sold when what the catalog has of that kind lacks the word before it', async () => {
    // The catalog has mats, but no yoga mat; and a question that starts "any" asks for a product.
    expect(await run('do u have yoga mats')).toMatchObject({
      answerKind: 'not_sold',
      match: { lacking: 'mats' },
    });
    expect((await run('any wallets?')).answerKind).toBe('not_sold');
  });

  it('says a kind none of several fitting products is, nor any other, is not sold', async () => {
    const catalog = createMemoryCatalog(store());
    const bars = catalog.products.filter((item) => item.title.includes('Protein Bar'));
    const understanding = await understandSearched(catalog, 'any protein pancakes?', {
      outcome: 'ambiguous',
      matches: bars.map((item) => matchOf(item, 0.5)),
      requestedOptions: [],
    });
    expect(understanding).toMatchObject({
      lacking: 'pancakes',
      lacksKind: true,
      selection: { kind: 'none' },
    });
  });

  it('says a value of the option’s own kind that it lacks is not sold ("light wash" of Mid Wash)', async () => {
    expectNotSold(await run('do you have the denim jacket in light wash?'), 'light wash', {
      product: 'Classic Denim Jacket',
    });
  });

  it('says a temperature or a bed size the product is not made for is not sold', async () => {
    expectNotSold(await run('need a sleeping bag good to -20 for winter'), '-20 °C', {
      product: 'Down Sleeping Bag -5C',
    });
    expectNotSold(await run('percale sheets in twin xl?'), 'twin xl', { product: 'Percale Sheet Set' });
  });
});

describe('which product and which options', () => {
  it('asks when a family word fits several colours, whatever one the search spelled alike', async () => {
    const catalog = createMemoryCatalog(store());
    const boots = catalog.products.find((item) => item.title === 'Suede Chelsea Boots')!;
    const darkBrown = boots.variants.find((item) => item.title === '10 / Dark Brown')!;
    // The search narrows to the value with the buyer's word in it.
    const understanding = await understandSearched(catalog, 'suede chelsea boots size 10 in brown', {
      outcome: 'match',
      matches: [{ product: boots, variantIds: [darkBrown.id], score: 1 }],
      requestedOptions: [{ name: 'color', value: 'brown' }],
    });
    expect(understanding.selection).toMatchObject({
      kind: 'product',
      variantIds: boots.variants.map((v) => v.id),
    });
  });

  it('says a colour none of several fitting products comes in is not sold', async () => {
    const catalog = createMemoryCatalog(store());
    const kitchen = catalog.products.filter((item) => item.productType === 'Kitchen');
    const understanding = await understandSearched(catalog, 'linen kitchen things in yellow', {
      outcome: 'ambiguous',
      matches: kitchen.map((item) => matchOf(item, 0.5)),
      requestedOptions: [],
    });
    expect(understanding).toMatchObject({
      lacking: 'yellow',
      selection: { product: { title: 'Linen Apron' } },
    });
  });

  // The search rates the vegan box 1 and the plain one `plainScore`: either way the plain box is the one.
  it.each([
    {
      name: 'prefers a product carrying every word the buyer gave over a better-rated one lacking one',
      text: 'the salted caramel protein bar box',
      plainScore: 0.6,
    },
    {
      name: 'takes the plainest of products the search rates the same',
      text: 'protein bar box of 12',
      plainScore: 1,
    },
  ])('$name', async ({ text, plainScore }) => {
    const catalog = createMemoryCatalog(store());
    const [vegan, plain] = catalog.products.filter((item) => item.title.endsWith('Box of 12'));
    const understanding = await understandSearched(catalog, text, {
      outcome: 'match',
      matches: [matchOf(vegan!, 1), matchOf(plain!, plainScore)],
      requestedOptions: [],
    });
    expect(understanding.selection).toMatchObject({ product: { title: 'Protein Bar Box of 12' } });
  });

  it('reads a first part naming only the product as the head of the items that follow', async () => {
    const trace = await run('gel nail polish x2, one cherry red and one nude');
    expect(trace.items).toEqual([
      { product: 'Gel Nail Polish', variant: 'Cherry Red', asked: null, linked: 1 },
      { product: 'Gel Nail Polish', variant: 'Nude', asked: null, linked: 1 },
    ]);
    // A head whose count is not the number of items is not read as a basket.
    expect((await run('gel nail polish x3, one cherry red and one nude')).items ?? null).toBeNull();
  });

  it('reads "the …" with an option as an item of its own', async () => {
    const trace = await run('can i get the linen apron in terracotta and 2 of the tea towels in sage stripe');
    expect(trace.items).toEqual([
      { product: 'Linen Apron', variant: 'Terracotta', asked: null, linked: 1 },
      { product: 'Linen Tea Towels Set of 2', variant: 'Sage Stripe', asked: 2, linked: 2 },
    ]);
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
    expect(unknownHeads('do u sell swim goggles?', shorts!)).toEqual([
      { kind: 'goggles', qualifier: 'swim' },
    ]);
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

  it('reads a flavour the buyer names as one, carried only when one value has all of it', () => {
    const values = ['Blue Raspberry', 'Fruit Punch'];
    expect(flavoursNotCarried('pre workout in cotton candy flavour', values, 'Cotton Pre-Workout')).toEqual([
      'cotton candy',
    ]);
    expect(flavoursNotCarried('the fruit punch flavour', values, 'Pre-Workout')).toEqual([]);
    expect(flavoursNotCarried('what flavours do you have', values, 'Pre-Workout')).toEqual([]);
  });

  it('reads a value of the option’s kind it does not have, not an article before one it has', () => {
    expect(valueNotCarried('in light wash?', ['Mid Wash', 'Black'])).toBe('light wash');
    expect(valueNotCarried('the mid wash', ['Mid Wash', 'Black'])).toBeNull();
    expect(valueNotCarried('in the wash', ['Mid Wash', 'Black'])).toBeNull();
  });

  it('reads garment words, "only" and Italian plurals, and leaves one- and two-letter words as written', () => {
    expect(toEnglish('le t-shirt col rond', 'fr')).toBe('le tee crew neck');
    expect(toEnglish('tienen mancuernas o solo bandas de resistencia?', 'es')).toBe(
      'do you have dumbbells or only resistance band?',
    );
    expect(toEnglish('i leggings a vita alta neri', 'it')).toBe('i leggings high waist black');
  });

  it('places a DM the n-grams alone placed in a language whose lexicon reads none of it, or less than another', () => {
    expect(readMessage('a dozen protein cookies, chocolate chip', null).language).toBe('en');
    expect(readMessage('media docena de batidos listos para beber de chocolate', null)).toMatchObject({
      language: 'es',
      reading: 'half a dozen of shake listos for beber of chocolate',
    });
  });

  it('reads the biggest and the smallest in every language, and "ß" as "ss"', () => {
    for (const [language, text] of [
      ['es', 'la más grande'],
      ['fr', 'la plus grande'],
      ['de', 'die größte bitte'],
      ['pt', 'a maior'],
      ['it', 'la più grande'],
    ] as const)
      expect(readRelativeAmount(toEnglish(text, language)), text).toBe('largest');
    expect(readRelativeAmount(toEnglish('la plus petite', 'fr'))).toBe('smallest');
    expect(readRelativeAmount('the smallest pls')).toBe('smallest');
    expect(toEnglish('das T-Shirt in Größe XL', 'de')).toBe('das tee in size xl');
  });

  it('reads a colour named with "rose" as pink, and a compound’s first part without its last "e"', () => {
    expect(colourFamiliesOf('Dusty Rose')?.families).toContain('pink');
    expect(toEnglish('Whey Isolat mit Erdbeergeschmack', 'de')).toBe('whey isolat with strawberry flavor');
  });

  it('reads jeans sizes as buyers write them', () => {
    const jeans = product(
      'Slim Jeans',
      'Jeans',
      [],
      [variant([['Size', '32x30']]), variant([['Size', '32x32']]), variant([['Size', '34x32']])],
    );
    expect(readNamedOptions(jeans, 'slim jeans 32 waist 30 leg')).toEqual({ Size: ['32x30'] });
    expect(readNamedOptions(jeans, 'slim jeans 32/32 indigo')).toEqual({ Size: ['32x32'] });
    expect(readNamedOptions(jeans, 'W34 L32 please')).toEqual({ Size: ['34x32'] });
  });

  it('reads a lost parcel as an order problem', () => {
    expect(classifyIntent('your courier lost my parcel', false)).toBe('order_status');
    expect(classifyIntent('my package never came', false)).toBe('complaint');
  });

  it('reads a phrase in the plural, and never reads a phrase’s English again', () => {
    expect(toEnglish('vous vendez des maillots de bain une pièce ?', 'fr')).toBe(
      'do you sell des swimsuit one-piece ?',
    );
    expect(toEnglish('un gel energetico de limon', 'es')).toBe('one energy gel of lemon');
  });

  it('reads eleven, twelve, a dozen and half a dozen in every language', () => {
    const counts: [Parameters<typeof toEnglish>[1], string, number][] = [
      ['es', 'once velas', 11],
      ['es', 'doce velas', 12],
      ['es', 'media docena de tazas', 6],
      ['fr', 'onze bougies', 11],
      ['fr', 'une douzaine de bougies', 12],
      ['de', 'elf Kerzen', 11],
      ['de', 'zwölf Kerzen', 12],
      ['de', 'ein halbes Dutzend Tassen', 6],
      ['pt', 'onze velas', 11],
      ['pt', 'meia dúzia de canecas', 6],
      ['it', 'undici candele', 11],
      ['it', 'una dozzina di tazze', 12],
    ];
    for (const [language, text, count] of counts)
      expect(readQuantity(toEnglish(text, language)), `${language}: ${text}`).toBe(count);
  });

  it('reads "the same", gold, silver and one size in every language', () => {
    expect(toEnglish('lo mismo en dorado', 'es')).toBe('same in gold');
    expect(toEnglish('la même en argenté, taille unique', 'fr')).toBe('same in silver, one size');
    expect(toEnglish('das gleiche in silber', 'de')).toBe('same in silver');
    expect(toEnglish('o mesmo em dourado', 'pt')).toBe('same in gold');
    expect(toEnglish('la stessa in oro, taglia unica', 'it')).toBe('same in gold, one size');
  });

  it('reads letter sizes written the Brazilian and Mexican way, not grams', () => {
    expect(toEnglish('a jaqueta jeans tem G?', 'pt')).toBe('a denim jacket do you have size l?');
    expect(toEnglish('tamanho P por favor', 'pt')).toBe('size s please');
    expect(toEnglish('la tienen en EG', 'es')).toBe('la do you have in size xl');
    expect(toEnglish('500 g de whey p/ mim', 'pt')).toBe('500 g de whey p/ mim');
  });
});
