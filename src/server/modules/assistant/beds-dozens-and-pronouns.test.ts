import { describe, expect, it } from 'vitest';
import { converse, expectNotSold, makeEvent, usePipeline } from '#tests/support/assistant-pipeline.ts';
import { productWithOptions as product } from '#tests/support/catalog-products.ts';
import { toEnglish } from './language/lexicon.ts';
import { withoutOwnThings } from './pipeline.ts';
import { bedSizesAsSold, readMeasures } from './qualifiers.ts';
import { findQuantities, readQuantity } from './quantities.ts';
import { classifyIntent, readNamedOptions } from './understanding.ts';
import type { AssistantEvent } from './types.ts';

/**
 * Kinds of wording an eleventh unseen set of buyer DMs showed the assistant misreading: a waist-by-leg size written
 * with spaces, a UK bed size, "half a dozen" of a product sold singly or by the box, "on track", a brand asked
 * "or something similar", a value in the buyer's own language that the lexicon reads as a colour, "does it come
 * in …" of the product in play, a flavour word the list lacked, a large order to be talked over, zip and down
 * jackets in other languages; and from the sets tuned on before: "the big bottle" after a product, packs counted
 * ("2 packs", "a 12 pack", "2 sets then") of the product in play, a count of people ("for me and my mum"), gym
 * tops, sleeping mats and joggers in other languages. In-memory catalog, made-up messages.
 * docs/decisions/072-bed-sizes-dozens-and-questions-about-it.md
 */

const topper = product('Alpaca Mattress Topper', 'Bedding', ['topper', 'mattress'], {
  Size: ['Twin', 'Full', 'Queen', 'King'],
});
const duvet = product('Washed Cotton Duvet Cover', 'Bedding', ['duvet cover'], {
  Size: ['Full', 'Queen', 'King'],
  Color: ['White', 'Clay'],
});
const sheets = product('Sateen Sheet Set', 'Bedding', ['sheets'], {
  Size: ['Queen', 'King', 'California King'],
  Color: ['White', 'Ivory'],
});
const biscuits = product('Oat Protein Biscuit', 'Snacks', ['biscuit', 'protein'], {
  Flavor: ['Ginger', 'Double Chocolate'],
  Pack: ['Single', 'Box of 12'],
});
const preWorkout = product('Surge Pre-Workout', 'Pre-Workout', ['pre workout'], {
  Flavor: ['Cherry', 'Tropical'],
});
const lotion = product('Silk Body Lotion', 'Body', ['lotion', 'body lotion'], {
  Scent: ['Rose', 'Vanilla', 'Unscented'],
});
const boots = product('Shearling Lined Boots', 'Shoes', ['boots'], { Size: ['6', '7', '8'] });
const napkins = product('Cotton Napkins Set of 6', 'Table', ['napkins'], { Color: ['White', 'Sand'] });
const socks = product('Bamboo Ankle Socks 3-Pack', 'Socks', ['socks'], { Color: ['White', 'Black'] });
const twoPack = product('Wool Trail Socks 2-Pack', 'Socks', ['socks'], { Color: ['Grey'] });
const cleanser = product('Calming Cleansing Water', 'Skincare', ['cleanser'], { Size: ['100 ml', '400 ml'] });
const flask = product('Steel Water Bottle', 'Bottles', ['bottle'], { Size: ['500 ml', '1 l'] });
const drink = product('Zero Sugar Seltzer', 'Drinks', ['seltzer'], {
  Flavor: ['Lime', 'Grapefruit'],
  Pack: ['Single', '12-Pack'],
});
const sampler = product('Snack Sample Pack', 'Snacks', ['sampler'], {});
const chinos = product('Straight Leg Chinos', 'Trousers', ['chinos'], {
  Size: ['30x32', '32x32', '34x32'],
  Color: ['Stone', 'Navy'],
});

describe('words', () => {
  it('reads "32 x 32" as a size, not thirty-two of it, and still reads a count after a size', () => {
    expect(findQuantities('32 x 32')).toEqual([]);
    expect(findQuantities('18 x 18 cushion cover x2').map((mention) => mention.value)).toEqual([2]);
    expect(findQuantities('size 9 x2').map((mention) => mention.value)).toEqual([2]);
  });

  it('reads a double and a single bed as Full and Twin where the store sells those, and only there', () => {
    expect(bedSizesAsSold('for a double bed', ['Twin', 'Full', 'Queen'])).toBe('for a full bed');
    expect(bedSizesAsSold('single duvet pls', ['Twin', 'Full'])).toBe('twin duvet pls');
    expect(bedSizesAsSold('for a double bed', ['Single', 'Double', 'King'])).toBe('for a double bed');
  });

  it('does not take "on track" for an order being tracked', () => {
    expect(classifyIntent('multivitamin pls, tryna get back on track', true)).not.toBe('order_status');
    expect(classifyIntent('can i track my order', false)).toBe('order_status');
  });

  it('hands a large order to be talked over to the team', () => {
    expect(classifyIntent('we want 40 of the napkins for our wedding, can we sort something out', true)).toBe(
      'human',
    );
    expect(classifyIntent('could you do a deal on big quantities?', false)).toBe('human');
  });

  it('reads zip and down jackets, gym tops, sleeping mats and joggers in the other languages', () => {
    expect(toEnglish('la sudadera con cremallera', 'es')).toContain('zip');
    expect(toEnglish('la doudoune noire', 'fr')).toContain('down jacket');
    expect(toEnglish('die jacke mit reissverschluss', 'de')).toContain('zip');
    expect(toEnglish('tem o top de academia em preto?', 'pt')).toContain('sports bra');
    expect(toEnglish('die isomatte in der breiten version', 'de')).toContain('sleeping pad in der wide');
    expect(toEnglish('le jogging gris', 'fr')).toContain('joggers');
  });

  it('searches a size said as its container after the product without the container ("the big bottle")', () => {
    expect(withoutOwnThings('micellar water, the big bottle pls')).toBe('micellar water, the big pls');
    expect(withoutOwnThings('ok the bigger bag')).toBe('ok the bigger');
    // Said alone, the container may be the product.
    expect(withoutOwnThings('the small bag in black')).toBe('the small bag in black');
  });

  it('counts packs asked for ("2 packs please"), and reads "sold in 3 packs" as the pack size', () => {
    expect(readMeasures('black, 2 packs please')).toEqual([]);
    expect(readMeasures('are they sold in 3 packs?')).toEqual([{ value: 3, unit: 'pack' }]);
    expect(readMeasures('a 3 pack')).toEqual([{ value: 3, unit: 'pack' }]);
  });

  it('counts the buyer and the person they name ("for me and my mum")', () => {
    expect(readQuantity("the women's one for me and my mum")).toBe(2);
    expect(readQuantity('a gift for my mum')).toBeNull();
  });
});

describe('in the pipeline', () => {
  const pipeline = usePipeline(() => [
    topper,
    duvet,
    sheets,
    biscuits,
    preWorkout,
    lotion,
    boots,
    napkins,
    chinos,
    socks,
    twoPack,
    cleanser,
    flask,
    drink,
    sampler,
  ]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('sells the Full topper asked for a double bed', async () => {
    const trace = await run(makeEvent('alpaca mattress topper for a double bed?'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Full' } });
  });

  it('sells "half a dozen" of a product sold singly or by the box as six single ones', async () => {
    const trace = await run(makeEvent('half a dozen of the ginger oat protein biscuits'));
    expect(trace).toMatchObject({
      answerKind: 'in_stock',
      variant: { title: 'Ginger / Single' },
      quantity: { asked: 6 },
    });
  });

  it('keeps the size of chinos written "32 x 32" after a thread, with no count', async () => {
    const [, second] = await converse(run, pipeline.recorder, ['straight leg chinos in navy?', '32 x 32']);
    expect(second).toMatchObject({
      answerKind: 'in_stock',
      variant: { title: '32x32 / Navy' },
      quantity: { asked: null },
    });
  });

  it('says a flavour the product does not come in is not sold, and offers the product', async () => {
    const trace = await run(makeEvent('does the surge pre workout come in pink lemonade'));
    expectNotSold(trace, 'lemonade', { product: 'Surge Pre-Workout' });
  });

  it('says a brand asked "or something similar" is not sold and offers the closest', async () => {
    const trace = await run(makeEvent('do you sell ugg boots or something similar'));
    expect(trace).toMatchObject({ answerKind: 'not_sold', match: { lacking: 'ugg' } });
    expect(trace.alternative).toMatchObject({ product: 'Shearling Lined Boots' });
  });

  it('answers "does it come in cal king?" of the duvet in play, not of the sheets that do', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'love the washed cotton duvet cover',
      'does it come in cal king?',
    ]);
    expectNotSold(second!, 'california king', { product: 'Washed Cotton Duvet Cover' });
  });

  it('reads "la rose" of a lotion sold in Rose as the scent, not as the colour pink', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'Bonjour, la lotion pour le corps existe en quels parfums ?',
      'je vais prendre la rose alors, deux flacons svp',
    ]);
    expect(second).toMatchObject({
      answerKind: 'in_stock',
      variant: { title: 'Rose' },
      quantity: { asked: 2 },
    });
  });

  it('stays on the product in play when the buyer counts its packs ("black, 2 packs please")', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'do the bamboo ankle socks come in black',
      'black, 2 packs please',
    ]);
    expect(second).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Bamboo Ankle Socks 3-Pack' },
      variant: { title: 'Black' },
      quantity: { asked: 2 },
    });
    const [, pack] = await converse(run, pipeline.recorder, [
      'the zero sugar seltzer is sugar free right?',
      "cool i'll grab a 12 pack",
    ]);
    expect(pack).toMatchObject({ answerKind: 'ask_variant', product: { title: 'Zero Sugar Seltzer' } });
  });

  it('sells the big bottle of the product named, not a water bottle', async () => {
    const trace = await run(makeEvent('cleansing water, the big bottle pls'));
    expect(trace).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Calming Cleansing Water' },
      variant: { title: '400 ml' },
    });
  });
});

describe('colours turned down and kept', () => {
  const tee = product('Stripe Tee', 'Tops', ['tee'], {
    Size: ['S', 'M'],
    Color: ['Navy Stripe', 'Red Stripe'],
  });
  const tote = product('Stripe Tote', 'Bags', ['tote'], { Color: ['Natural'] });
  const hikers = product('Leather Trail Boots', 'Boots', ['boots'], { Size: ['8', '9'], Color: ['Brown'] });
  const pipeline = usePipeline(() => [tee, tote, hikers]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('reads a colour the buyer turns down ("brown isnt really my vibe") as not asked for', () => {
    const loafers = product('Suede Loafers', 'Shoes', ['loafers'], { Color: ['Brown', 'Black'] });
    expect(readNamedOptions(loafers, 'in black, brown isnt really my vibe')).toEqual({ Color: ['Black'] });
    expect(readNamedOptions(loafers, 'brown is not for me, black pls')).toEqual({ Color: ['Black'] });
    expect(readNamedOptions(loafers, 'not a fan of brown, black?')).toEqual({ Color: ['Black'] });
  });

  it('says a colour asked of a product made in one other is not sold', async () => {
    const trace = await run(makeEvent('the leather trail boots but in black, brown isnt really my vibe'));
    expectNotSold(trace, 'black', { product: 'Leather Trail Boots' });
  });

  it('keeps the size settled on the product in play when only its colour changes', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'the stripe tee in red stripe, S',
      'actually make it navy stripe same size',
    ]);
    expect(second).toMatchObject({ answerKind: 'in_stock', variant: { title: 'S / Navy Stripe' } });
  });
});
