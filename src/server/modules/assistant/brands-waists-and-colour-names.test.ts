import { describe, expect, it } from 'vitest';
import { converse, expectNotSold, makeEvent, usePipeline } from '#tests/support/assistant-pipeline.ts';
import {
  catalogProduct,
  catalogVariant,
  productWithOptions as product,
} from '#tests/support/catalog-products.ts';
import { createMemoryCatalog } from '#tests/support/memory-catalog.ts';
import { normaliseSizeWords, readColourFamilies } from './option-words.ts';
import { otherBrandNamed } from './other-brands.ts';
import { readQuantity } from './quantities.ts';
import { askedToSell, readNamedOptions, understand } from './understanding.ts';
import type { AssistantEvent } from './types.ts';

/**
 * Kinds of wording a tenth unseen set of buyer DMs showed the assistant misreading: a waist and a leg for a
 * waist-by-leg size, "the lighter wash", a pattern word with a colour, a colour the buyer calls "the wine colour",
 * store colour names written as one word, "sky blue" as a light blue, "medium" that is a firmness, a well-known
 * brand asked by name, "do you sell …" a thing the catalog has no word of, a possessive, a title that is the pack,
 * a flavour carried from a box to the single bars, the one product of several with the value the buyer wrote.
 * In-memory catalog, made-up messages.
 * docs/decisions/071-other-brands-waist-and-leg-and-words-for-colours.md
 */

const chinos = product('Stretch Cotton Chinos', 'Trousers', ['chinos', 'trousers'], {
  Size: ['32x30', '32x32', '34x32', '36x32'],
  Color: ['Navy', 'Khaki'],
});
const jeans = product('Relaxed Denim Jeans', 'Jeans', ['jeans'], {
  Color: ['Light Wash', 'Mid Wash', 'Rinse Black'],
});
const stripes = product('Boat Neck Stripe Tee', 'Tops', ['tee'], { Color: ['Navy Stripe', 'Red Stripe'] });
const sweater = product('Lambswool Crew Sweater', 'Knitwear', ['sweater'], {
  Color: ['Navy', 'Burgundy', 'Oatmeal'],
});
const towel = product('Cotton Bath Sheet', 'Towels', ['towel'], { Color: ['White', 'Charcoal', 'Seafoam'] });
const pillow = product('Down Feel Pillow', 'Pillows', ['pillow'], {
  Size: ['Standard', 'King'],
  Firmness: ['Soft', 'Medium', 'Firm'],
});
const dutchOven = product('Enamelled Cast Iron Dutch Oven', 'Cookware', ['dutch oven', 'cast iron'], {
  Size: ['4 qt', '6 qt'],
});
const bottle = {
  ...catalogProduct(
    'Insulated Trail Bottle',
    'Bottles',
    ['bottle'],
    [catalogVariant([], 5, '30.00', 'Default Title')],
  ),
  vendor: 'Hydro Flask',
};
const vitamins = product('Everyday Multivitamin', 'Vitamins', ['multivitamin'], {
  Formula: ['Men', 'Women'],
});
const bars = product('Oat Protein Bar', 'Bars', ['protein bar'], { Flavor: ['Cocoa', 'Lemon Tart'] });
const cookies = product('Almond Protein Cookie', 'Snacks', ['cookie'], {
  Flavor: ['Cocoa', 'Lemon Tart'],
  Pack: ['Single', 'Box of 12'],
});
const barBox = product('Oat Protein Bar Box of 12', 'Bars', ['protein bar'], {
  Flavor: ['Cocoa', 'Lemon Tart'],
});
const socks = product('Merino Hiking Socks', 'Socks', ['socks', 'hiking'], { Size: ['S', 'M', 'L'] });
const daypack = product('Hiking Daypack 20L', 'Bags', ['backpack', 'hiking'], { Color: ['Black', 'Olive'] });

describe('words', () => {
  it('reads a waist and a leg as the waist-by-leg size, whichever comes first', () => {
    expect(normaliseSizeWords('chinos in navy, 34 waist 32 leg, x2')).toBe('chinos in navy, 34x32, x2');
    expect(normaliseSizeWords('waist 36 leg 32 pls')).toBe('36x32 pls');
    expect(normaliseSizeWords('34w 32l')).toBe('34x32');
    // A waist alone is still a size of its own.
    expect(normaliseSizeWords('a 32 waist')).toBe('a size 32');
    expect(readNamedOptions(chinos, normaliseSizeWords('34 waist 32 leg in navy'))).toEqual({
      Size: ['34x32'],
      Color: ['Navy'],
    });
  });

  it('reads "the lighter wash" as the light one', () => {
    expect(readNamedOptions(jeans, 'the lighter wash')).toEqual({ Color: ['Light Wash'] });
  });

  it('lets a colour choose among the values a pattern word names', () => {
    expect(readNamedOptions(stripes, 'the stripy one in red, size s')).toEqual({ Color: ['Red Stripe'] });
    expect(readNamedOptions(stripes, 'the stripey one')).toEqual({ Color: ['Navy Stripe', 'Red Stripe'] });
  });

  it('reads a word called a colour as one ("the wine colour") and a deep pink as burgundy', () => {
    expect(readNamedOptions(sweater, 'in the wine colour')).toEqual({ Color: ['Burgundy'] });
    expect(readNamedOptions(sweater, 'in the bordeaux shade')).toEqual({ Color: ['Burgundy'] });
  });

  it('knows a store colour written as one word that the colour list writes as two', () => {
    expect(readNamedOptions(towel, 'in mint green')).toEqual({ Color: ['Seafoam'] });
  });

  it('reads a possessive as the value it is glued to ("the women\'s one")', () => {
    expect(readNamedOptions(vitamins, "the women's one")).toEqual({ Formula: ['Women'] });
    expect(readNamedOptions(vitamins, 'the men’s ones pls')).toEqual({ Formula: ['Men'] });
  });

  it('reads the shade of a named colour before a family word', () => {
    expect(readColourFamilies('sky blue please').shade).toBe('light');
    expect(readColourFamilies('the forest green one').shade).toBe('dark');
  });

  it('finds a well-known brand asked by name, not one the buyer owns', () => {
    expect(otherBrandNamed('got any le creuset dutch ovens')).toBe('le creuset');
    expect(otherBrandNamed('do u carry hydro flask bottles')).toBe('hydro flask');
    expect(otherBrandNamed('my nike shoes finally died, need trail runners')).toBeNull();
    expect(otherBrandNamed('the ordinary one please, not the deluxe')).toBeNull();
  });

  it('reads what "do you sell …" asks for', () => {
    expect(askedToSell('do u sell sunglasses? going hiking next month')).toEqual(['sunglasses']);
    expect(askedToSell('do you guys carry the hiking socks in M')).toEqual(['hiking', 'socks']);
    expect(askedToSell('do you have it in black')).toEqual([]);
  });
});

describe('among products that fit the words alike', () => {
  const cookie = product('Protein Cookie', 'Snacks', ['cookie'], {
    Flavor: ['Chocolate Chip', 'Snickerdoodle'],
    Pack: ['Single', 'Box of 12'],
  });
  const powder = product('Whey Protein', 'Protein', ['protein'], { Flavor: ['Vanilla', 'Chocolate'] });
  const sampler = product('Protein Sample Pack', 'Protein', ['protein'], {});
  const catalog = createMemoryCatalog([cookie, powder, sampler]);
  const fits = (text: string) =>
    understand({
      catalog,
      brandId: 'brand-1',
      text,
      history: [],
      search: {
        outcome: 'ambiguous',
        matches: [powder, cookie, sampler].map((item) => ({
          product: item,
          variantIds: item.variants.map((variant) => variant.id),
          score: 0.5,
        })),
        requestedOptions: [],
      },
    });

  it('takes the one that has the value the buyer wrote and the kind they named', async () => {
    const understanding = await fits('snickerdoodle protein cookies');
    expect(understanding.selection).toMatchObject({ kind: 'product', product: { title: 'Protein Cookie' } });
  });

  it('still asks which when no one product has a value the buyer wrote', async () => {
    const understanding = await fits('protein pls');
    expect(understanding.selection.kind).toBe('ambiguous');
  });
});

describe('in the pipeline', () => {
  const pipeline = usePipeline(() => [chinos, pillow, dutchOven, bottle, socks, daypack, bars, barBox]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('sells the waist-by-leg size a buyer writes as a waist and a leg', async () => {
    const trace = await run(makeEvent('stretch cotton chinos in navy, 34 waist 32 leg'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: '34x32 / Navy' } });
  });

  it('asks the size of a pillow asked in "medium" firmness instead of saying the size is not sold', async () => {
    const trace = await run(makeEvent('the down feel pillow, medium firmness'));
    expect(trace.answerKind).toBe('ask_variant');
    expect(trace.match?.lacking ?? null).toBeNull();
  });

  it('says a well-known brand the shop does not carry is not sold and offers its own of the kind', async () => {
    const trace = await run(makeEvent('got any le creuset dutch ovens'));
    expectNotSold(trace, 'le creuset', { product: 'Enamelled Cast Iron Dutch Oven' });
  });

  it('sells "a box of 12" of a product whose title is the box of 12', async () => {
    const trace = await run(makeEvent('oat protein bar in lemon tart, box of 12?'));
    expect(trace).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Oat Protein Bar Box of 12' },
      variant: { title: 'Lemon Tart' },
    });
    expect(trace.match?.lacking ?? null).toBeNull();
  });

  it('keeps the flavour chosen on the box when the buyer turns to the single bars', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'oat protein bar box of 12 in lemon tart?',
      'ah ok then just 5 of the single oat protein bars',
    ]);
    expect(second).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Oat Protein Bar' },
      variant: { title: 'Lemon Tart' },
    });
  });

  it('sells a brand the shop carries as its vendor', async () => {
    const trace = await run(makeEvent('do u carry hydro flask bottles'));
    expect(trace.answerKind).toBe('in_stock');
  });

  it('says a thing asked by name that the catalog has no word of is not sold, whatever else the DM says', async () => {
    const trace = await run(makeEvent('do u sell sunglasses? going hiking next month 😎'));
    expect(trace).toMatchObject({ answerKind: 'not_sold', match: { lacking: 'sunglasses' } });
    const sold = await run(makeEvent('do you sell hiking socks? size M'));
    expect(sold).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M' } });
  });
});

describe('a dozen', () => {
  const pipeline = usePipeline(() => [cookies, socks]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('reads "a dozen" as the box of 12 and one of it, and as a count of a product without such a box', async () => {
    const dozen = await run(makeEvent('a dozen almond protein cookies in cocoa'));
    expect(dozen).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Cocoa / Box of 12' } });
    expect(dozen.link).toMatch(/:1(\?|&|$)/);
    // Of a product without a pack of that size, a dozen is a count.
    expect(readQuantity('half a dozen merino hiking socks in M')).toBe(6);
    const socksTrace = await run(makeEvent('half a dozen merino hiking socks in M'));
    expect(socksTrace).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M' } });
  });
});
