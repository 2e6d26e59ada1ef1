import { describe, expect, it } from 'vitest';
import { converse, makeEvent, usePipeline } from '#tests/support/assistant-pipeline.ts';
import { productWithOptions as product } from '#tests/support/catalog-products.ts';
import { toEnglish } from './language/lexicon.ts';
import { colourFamiliesOf, readRelativeAmount, valuesByFlavourFamily } from './option-words.ts';
import { readAttributes } from './qualifiers.ts';
import { readQuantity } from './quantities.ts';
import {
  classifyIntent,
  readNamedOptions,
  unknownModifiers,
  unknownWords,
  valueNotCarried,
} from './understanding.ts';
import type { AssistantEvent } from './types.ts';

/**
 * Option words read as a kind of wording, not one message: "big"/"long"/"small" said before the product or its
 * other options, a shade with no colour ("the dark ones", "the darkest shade"), a scent or flavour family named
 * itself ("something floral"), sizes that are colour names in the long list ("Queen"), "for …" phrases, counts
 * after "make it", words pointing back at the product in play, and hand-offs said as an age or a shop in town.
 * In-memory catalog, made-up messages. docs/decisions/056-shades-amounts-and-words-pointing-back.md
 */

const vase = product('Fluted Glass Vase', 'Vases', ['vase'], {
  Size: ['Small', 'Large'],
  Color: ['Clear', 'Amber'],
});
const drapes = product('Velvet Blackout Drapes', 'Curtains', ['curtains'], {
  Size: ['84 in', '108 in'],
  Color: ['Cream', 'Charcoal'],
});
const bowls = product('Stoneware Salad Bowls', 'Tableware', ['bowls'], { Color: ['Oatmeal', 'Midnight'] });
const foundation = product('Skin Tint Foundation', 'Face', ['foundation'], {
  Shade: ['Fair', 'Medium', 'Deep'],
});
const tabs = product('Fizzy Hydration Tabs', 'Hydration', ['electrolyte'], {
  Flavor: ['Lemon', 'Berry', 'Orange'],
});
const candle = product('Soy Pillar Candle', 'Candles', ['candle'], {
  Scent: ['Cedarwood', 'Jasmine', 'Orange Blossom'],
});
const duvet = product('Washed Cotton Duvet', 'Bedding', ['duvet'], {
  Size: ['Twin', 'Full', 'Queen', 'King', 'California King'],
  Color: ['White', 'Ivory', 'Dusty Blue'],
});
const cream = product('Oat Hand Cream', 'Body Care', ['hand cream', 'skin', 'dry skin'], {
  Scent: ['Unscented', 'Vanilla'],
});
const jacket = product('Cropped Denim Jacket', 'Jackets', ['denim', 'jacket'], {
  Size: ['S', 'M', 'L'],
  Color: ['Light Wash', 'Black'],
});
const tee = product('Vintage Wash Graphic Tee', 'Tees', ['tee'], {
  Size: ['S', 'M'],
  Color: ['Washed Black', 'Sand'],
});
const rug = product('Braided Wool Rug', 'Rugs', ['rug'], { Size: ['4x6 ft', '5x8 ft'] });
const saucepan = product('Copper Core Saucepan', 'Cookware', ['saucepan', 'pot'], { Size: ['2 qt', '3 qt'] });
const tent = product('Trekking 3-Person Tent', 'Tents', ['tent'], { Color: ['Olive', 'Orange'] });

describe('colour families of colour names buyers call otherwise', () => {
  it('reads a cognac as brown as well as orange, and a midnight as blue as well as black', () => {
    expect(colourFamiliesOf('Cognac')?.families).toEqual(expect.arrayContaining(['orange', 'brown']));
    expect(colourFamiliesOf('Midnight')?.families).toEqual(expect.arrayContaining(['black', 'blue']));
    // A true black stays black only.
    expect(colourFamiliesOf('Black')?.families).toEqual(['black']);
  });
});

describe('big, long and small said anywhere before the product', () => {
  it('reads the biggest or the smallest, not "too big" nor "a big fan"', () => {
    expect(readRelativeAmount('the big clear vase')).toBe('largest');
    expect(readRelativeAmount('drapes the long ones in cream')).toBe('largest');
    expect(readRelativeAmount('the small tub pls')).toBe('smallest');
    expect(readRelativeAmount('is the 108 too big')).toBeNull();
    expect(readRelativeAmount('big fan of your drapes')).toBeNull();
    expect(readRelativeAmount('a short sleeve one')).toBeNull();
  });

  it('picks Large of Small / Large and the longest length, with the colour named too', () => {
    expect(readNamedOptions(vase, 'the big clear vase')).toEqual({ Size: ['Large'], Color: ['Clear'] });
    expect(readNamedOptions(drapes, 'velvet drapes the long ones in dark grey')).toEqual({
      Size: ['108 in'],
      Color: ['Charcoal'],
    });
  });

  it('never reads "ones in" as a length the product lacks', () => {
    expect(valueNotCarried('the long ones in cream', ['84 in', '108 in'])).toBeNull();
    expect(valueNotCarried('the acid wash', ['Light Wash', 'Black'])).toBe('acid wash');
  });
});

describe('a shade said with no colour', () => {
  it('reads "the dark ones" by lightness and "the darkest shade" by the value named so', () => {
    expect(readNamedOptions(bowls, "i'll go for the dark ones")).toEqual({ Color: ['Midnight'] });
    expect(readNamedOptions(foundation, 'skin tint in the darkest shade')).toEqual({ Shade: ['Deep'] });
    expect(readNamedOptions(foundation, 'a light one please')).toEqual({ Shade: ['Fair'] });
  });
});

describe('a scent or flavour family named itself', () => {
  it('reads the values that are its members, by their last word', () => {
    expect(valuesByFlavourFamily('any floral ones', ['Cedarwood', 'Jasmine', 'Orange Blossom'])).toEqual([
      'Jasmine',
      'Orange Blossom',
    ]);
    expect(valuesByFlavourFamily('a citrus one', ['Cedarwood', 'Jasmine', 'Orange Blossom'])).toEqual([]);
  });

  it('leaves the choice to the buyer, and never reads "citrus" as a yellow colour', () => {
    expect(readNamedOptions(tabs, 'hydration tabs, the citrus one')).toEqual({ Flavor: ['Lemon', 'Orange'] });
    expect(readNamedOptions(candle, 'pillar candle something floral')).toEqual({
      Scent: ['Jasmine', 'Orange Blossom'],
    });
  });
});

describe('sizes that are colour names in the long list', () => {
  it('reads a colour against the colour option only', () => {
    expect(readNamedOptions(duvet, 'hmm ivory?')).toEqual({ Color: ['Ivory'] });
  });
});

const wrap = product('Merino Wrap', 'Scarves', ['wrap', 'wool'], { Color: ['Grey', 'Blue Tartan'] });
const shirt = product('Plaid Cotton Shirt', 'Shirts', ['plaid'], { Color: ['Red Check', 'Blue Check'] });

describe('patterns in the buyer’s word for them', () => {
  it('reads "plaid" as a Tartan value and as a word the product carries', () => {
    expect(readNamedOptions(wrap, 'the plaid merino wrap')).toEqual({ Color: ['Blue Tartan'] });
    expect(unknownWords('plaid merino wrap', wrap)).toEqual([]);
    // The shirt's own title says plaid: it names no value of it.
    expect(readNamedOptions(shirt, 'the plaid shirt')).toEqual({});
  });
});

describe('attributes in the plural', () => {
  it('reads "kids sizes" as the "kids size" a product may lack', () => {
    expect(readAttributes('kids sizes for the hoodie?')).toEqual(['kids size']);
  });
});

describe('what follows "for"', () => {
  it('is whom or what it is for, not a word the product lacks', () => {
    expect(unknownModifiers('the hand cream for sensitive skin', cream)).toEqual([]);
  });
});

describe('counts said as "make it"', () => {
  it('reads the count even when the product names that number', () => {
    expect(readQuantity('ok make it 3', new Set(['3']))).toBe(3);
    expect(readQuantity('the 3', new Set(['3']))).toBeNull();
  });
});

describe('hand-offs said as an age or a shop in town', () => {
  it.each([
    'can my 15 yo take the pre workout',
    'could my daughter use this serum',
    'can i see the rugs in person somewhere',
    'are there shops in bristol that sell your mugs',
    'which stores stock your candles',
  ])('"%s" is for a person', (text) => {
    expect(classifyIntent(text, true)).toBe('human');
  });

  it.each(['do you stock them in red', 'ok make it 2', 'u guys got blenders'])('"%s" is not', (text) => {
    expect(classifyIntent(text, false)).not.toBe('human');
  });

  it('reads "u guys got …" and "do you guys do …" as asking for a product', () => {
    expect(classifyIntent('u guys got blenders', false)).toBe('availability');
    expect(classifyIntent('do you guys do wallpaper', false)).toBe('availability');
  });
});

describe('words of the other languages', () => {
  it('reads fruits, leathers, shades, mixes and amounts the lexicon lacked', () => {
    expect(toEnglish('dos jabones de higo', 'es')).toContain('fig');
    expect(toEnglish('stiefel aus wildleder in dunkelbraun', 'de')).toContain('suede in dark brown');
    expect(toEnglish('das kissen daunenalternative', 'de')).toContain('down alternative');
    expect(toEnglish('le coussin rose poudre', 'fr')).toContain('blush');
    expect(toEnglish('sabor maçã verde', 'pt')).toContain('sour apple');
    expect(toEnglish('smalto color malva, set misto', 'it')).toContain('mauve');
    expect(toEnglish('smalto color malva, set misto', 'it')).toContain('mixed');
    expect(toEnglish('quella da un chilo', 'it')).toContain('1 kg');
  });

  it('reads kinds of product as an English phrase, so a kind not sold is found in any language', () => {
    expect(toEnglish('vous avez des tapis de yoga ?', 'fr')).toContain('yoga mat');
    expect(toEnglish('vocês têm panela de pressão?', 'pt')).toContain('pressure cooker');
    expect(toEnglish('avete la macchina del caffè?', 'it')).toContain('coffee machine');
  });
});

describe('in the pipeline', () => {
  const pipeline = usePipeline(() => [
    vase,
    drapes,
    bowls,
    tabs,
    candle,
    duvet,
    cream,
    jacket,
    tee,
    tent,
    rug,
    saucepan,
  ]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('sells the unscented one for "fragrance free … for sensitive skin"', async () => {
    const trace = await run(makeEvent('oat hand cream fragrance free one for sensitive skin'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Unscented' } });
  });

  it('stays on the product in play for "2 of those in M black", however long the DM', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'how much is the cropped denim jacket',
      'ok cool 2 of those in M light wash please',
    ]);
    expect(second).toMatchObject({
      answerKind: 'in_stock',
      product: { title: 'Cropped Denim Jacket', fromHistory: true },
      variant: { title: 'M / Light Wash' },
    });
    expect(second!.link).toMatch(/:2(\?|$)/);
  });

  it('reads "make it 3" as the count for a 3-person tent', async () => {
    const [, , third] = await converse(run, pipeline.recorder, [
      'the 3 person tent',
      'olive',
      'ok make it 3',
    ]);
    expect(third).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Olive' } });
    expect(third!.link).toMatch(/:3(\?|$)/);
  });

  it.each([
    ['fr', 'bonjour, vous avez des tapis de yoga ?'],
    ['pt', 'oi, vocês vendem panela de pressão?'],
  ])('says a kind the shop lacks is not sold in %s, offering nothing', async (language, text) => {
    const trace = await run(makeEvent(text));
    expect(trace).toMatchObject({ language, answerKind: 'not_sold', alternative: null, link: null });
  });

  it('says a thing the shop lacks is not sold for "u guys got …"', async () => {
    const trace = await run(makeEvent('u guys got blenders'));
    expect(trace).toMatchObject({ answerKind: 'not_sold', alternative: null, link: null });
  });
});
