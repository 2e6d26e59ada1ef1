import { describe, expect, it } from 'vitest';
import { converse, expectNotSold, makeEvent, usePipeline } from '#tests/support/assistant-pipeline.ts';
import { productWithOptions as product } from '#tests/support/catalog-products.ts';
import { toEnglish } from './language/lexicon.ts';
import { normaliseColourWords, normaliseSizeWords } from './option-words.ts';
import { readQuantity } from './quantities.ts';
import { askedOrSimilar, classifyIntent, readMessage, readNamedOptions } from './understanding.ts';
import type { AssistantEvent } from './types.ts';

/**
 * Kinds of wording unseen sets of buyer DMs showed the assistant misreading: counts in words above twelve and counts
 * of people, damage, medicines, press and samples, a brand we do not carry "or something like it", colour and
 * flavour words with -ish and -y or misspelt, a colour asked of a product whose title names its one colour, "the
 * bigger one" after a size, "the middle size", corrections with "not". In-memory catalog, made-up messages.
 * docs/decisions/070-look-alikes-counts-in-words-and-a-colour-in-the-title.md
 */

describe('counts', () => {
  it('reads counts of twenty and more in words, in English and through the lexicon', () => {
    expect(readQuantity('can i get twenty five of the tote bags')).toBe(25);
    expect(readQuantity('thirty-two candles for the wedding tables')).toBe(32);
    expect(readQuantity('forty of the mugs please')).toBe(40);
    expect(readQuantity(toEnglish('queria vinte e cinco canecas', 'pt'))).toBe(25);
    expect(readQuantity(toEnglish('trenta candele per favore', 'it'))).toBe(30);
    // A tens word alone before a unit is no count.
    expect(readQuantity('the twenty ml one')).toBeNull();
  });

  it('counts "one for me and one for …" as two, and a tent "for 3 ppl" as no count', () => {
    expect(readQuantity('one for me and one for my mum, the linen shirt')).toBe(2);
    expect(readQuantity('one 4 me & one 4 my bestie')).toBe(2);
    expect(readQuantity('a tent for 3 ppl')).toBeNull();
  });

  it('reads "order fifteen" as a count and a total said after other numbers as the count', () => {
    expect(readQuantity('can i order fifteen of the oat bars')).toBe(15);
    expect(readQuantity('me and my 2 flatmates want one each so 3 total')).toBe(3);
    expect(readQuantity('4 of us so 4 in total pls')).toBe(4);
  });

  it('counts "one each for me and my 2 sisters" as three, and "one each for my 4 kids" as four', () => {
    expect(readQuantity('one each for me n my 2 sisters, the lip oil')).toBe(3);
    expect(readQuantity('one each for my four kids pls')).toBe(4);
  });

  it('reads "trois lots" as three packs, not a three-pack', () => {
    expect(toEnglish('trois lots de chaussettes', 'fr')).toContain('three packs');
  });
});

describe('what the buyer says around a product', () => {
  it('hears a delivery that arrived chipped, cracked or crushed as a complaint', () => {
    expect(classifyIntent('the planter arrived cracked down the side', true)).toBe('complaint');
    expect(classifyIntent('my bowls came with a big chip in one', true)).toBe('complaint');
    expect(classifyIntent('parcel turned up crushed and the jar was leaking', false)).toBe('complaint');
    // A flavour is not damage.
    expect(classifyIntent('do you have the cookie in choc chip', true)).not.toBe('complaint');
  });

  it('hands a medicine taken with a supplement to a person', () => {
    expect(classifyIntent('is the magnesium ok to take with my blood thinners', true)).toBe('human');
    expect(classifyIntent('does your ashwagandha interact with anything', true)).toBe('human');
    expect(classifyIntent('i take warfarin, can i have the fish oil', true)).toBe('human');
  });

  it('hands on a DM for whoever owns the shop, the press and patients in other languages', () => {
    expect(classifyIntent('can i talk to whoever owns the shop', false)).toBe('human');
    expect(classifyIntent('whoever runs this account pls dm me', false)).toBe('human');
    const press = readMessage('Hallo, ich schreibe für ein Laufmagazin, gibt es einen Pressekontakt?', null);
    expect(classifyIntent(press.reading, false)).toBe('human');
    const patients = readMessage(
      'sou nutricionista, posso indicar o colageno pra pacientes com hipertensão?',
      null,
    );
    expect(classifyIntent(patients.reading, true)).toBe('human');
  });

  it('answers whether a product suits a skin or hair type itself', () => {
    expect(classifyIntent('is it ok for oily skin', true)).not.toBe('human');
    expect(classifyIntent('is this safe for curly hair', true)).not.toBe('human');
    expect(classifyIntent('is it safe for my 4 year old', true)).toBe('human');
  });

  it('hands on a shop in German that wants the brand in its range', () => {
    const shop = readMessage(
      'Hallo, ich habe einen kleinen Laden in Graz und würde eure Sachen gern ins Sortiment nehmen',
      null,
    );
    expect(classifyIntent(shop.reading, false)).toBe('human');
  });

  it('reads women and men in the five other languages', () => {
    expect(toEnglish('o multivitamínico feminino', 'pt')).toContain('women');
    expect(toEnglish('la chaqueta de hombre', 'es')).toContain('men');
    expect(toEnglish('die herren jacke', 'de')).toContain('men');
  });

  it('hands on a writer for a magazine asking for samples', () => {
    expect(classifyIntent('i write for a cycling mag, could we get some samples?', true)).toBe('human');
    expect(classifyIntent('can you send me free samples of the balm for my page', true)).toBe('human');
  });

  it('reads a french press as a thing to buy, not the press', () => {
    expect(classifyIntent('do you sell a french press', true)).not.toBe('human');
    expect(classifyIntent('hi im a journalist writing a gift guide', false)).toBe('human');
  });

  it('finds what was asked before "or something like it", in any of its forms', () => {
    expect(askedOrSimilar('adidas sliders or something like them')).toBe('adidas sliders ');
    expect(askedOrSimilar('any stanley cups?? or a dupe')).toBe('any stanley cups?? ');
    expect(askedOrSimilar('a birkin or similar')).toBe('a birkin ');
    expect(askedOrSimilar('the linen shirt or the oxford')).toBeNull();
    expect(readMessage('tienen bolsos de marca o algo parecido?', null).reading).toContain(
      'or something similar',
    );
    expect(readMessage('habt ihr crocs oder was ähnliches', null).reading).toContain('or something similar');
  });

  it('reads an English DM with "extra extra large" as English', () => {
    expect(readMessage('oxford shirt light blue-ish, extra extra large', null)).toMatchObject({
      language: 'en',
      reading: expect.stringContaining('XXL'),
    });
  });
});

describe('sizes and names said loosely', () => {
  it('reads a waist number and an amount in words as the store writes them', () => {
    expect(normaliseSizeWords('chinos 30 waist in khaki')).toBe('chinos size 30 in khaki');
    expect(normaliseSizeWords('waist 34 pls')).toBe('size 34 pls');
    expect(normaliseSizeWords('the six foot runner')).toBe('the 6 foot runner');
    expect(normaliseSizeWords('a two litre bottle')).toBe('a 2 litre bottle');
    // "one in blue" is a choice, not an amount.
    expect(normaliseSizeWords('one in blue')).toBe('one in blue');
  });

  it('reads "gibts" as German', () => {
    expect(readMessage('hey, das merino tee, gibts das in M?', null).language).toBe('de');
  });
});

describe('colour words', () => {
  it('reads -ish and -y colours as the colour, and common misspellings as the word', () => {
    expect(normaliseColourWords('something pinkish')).toBe('something pink');
    expect(normaliseColourWords('a reddish one')).toBe('a red one');
    expect(normaliseColourWords('the bluey green')).toBe('the blue green');
    expect(normaliseColourWords('sandy colour pls')).toBe('sand colour pls');
    expect(normaliseColourWords('dark gery or balck')).toBe('dark grey or black');
    expect(normaliseColourWords('a citrusy one, or minty')).toBe('a citrus one, or mint');
    expect(normaliseColourWords('something chocolatey and nutty')).toBe('something chocolate and nut');
    // Words that only look alike stay.
    expect(normaliseColourWords('ready when you are, creamy texture')).toBe(
      'ready when you are, creamy texture',
    );
  });
});

const tote = product('Waxed Canvas Tote', 'Bags', ['tote', 'bag'], { Color: ['Olive', 'Black'] });
const highTops = product('White Canvas High Tops', 'Shoes', ['sneakers'], { Size: ['7', '8', '9'] });
const tint = product('Dewy Skin Tint', 'Face', ['tint', 'foundation'], { Shade: ['Fair', 'Medium', 'Deep'] });
const bucketBag = product('Leather Bucket Bag', 'Bags', ['bag'], { Color: ['Tan', 'Black'] });
const gloves = product('Thermal Running Gloves', 'Accessories', ['gloves'], {
  Size: ['S', 'M', 'L', 'XL'],
  Color: ['Black', 'Navy'],
});
const vest = product('Packable Running Vest', 'Outerwear', ['vest'], {
  Size: ['S', 'M', 'L', 'XL'],
  Color: ['Navy', 'Olive'],
});
const beanie = product('Ribbed Wool Beanie', 'Accessories', ['beanie', 'hat'], {
  Size: ['S/M', 'L/XL'],
  Color: ['Navy', 'Rust'],
});
const planter = product('Glazed Ceramic Planter', 'Planters', ['planter', 'pot'], {
  Size: ['5 in', '7 in', '9 in'],
});
const throwBlanket = product('Chunky Knit Throw', 'Blankets', ['throw', 'blanket'], {
  Color: ['Blush', 'Slate', 'Ivory'],
});

describe('in the pipeline', () => {
  const pipeline = usePipeline(() => [
    tote,
    bucketBag,
    highTops,
    gloves,
    vest,
    beanie,
    planter,
    throwBlanket,
  ]);
  const run = (event: AssistantEvent) => pipeline.run(event);

  it('says a brand we do not carry is not sold and offers the closest when asked "or something like it"', async () => {
    // Without "or something like it", both bags fit and the buyer is asked which.
    const trace = await run(makeEvent('any longchamp tote bags or something like it?'));
    expectNotSold(trace, 'longchamp', { product: 'Waxed Canvas Tote' });
  });

  it('takes "the bigger one" after a size as the next size up, not the biggest', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'thermal running gloves in S black',
      'hmm what about the bigger one',
    ]);
    expect(second).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M / Black' } });
  });

  it('knows a name with two letters swapped', async () => {
    const swapped = await run(makeEvent('thermal running glvoes in M navy'));
    expect(swapped).toMatchObject({ answerKind: 'in_stock', variant: { title: 'M / Navy' } });
  });

  it('says a colour is not sold for a product whose one colour is in its title, and offers it', async () => {
    const trace = await run(
      makeEvent('do the white canvas high tops come in black? white gets dirty so fast'),
    );
    expectNotSold(trace, 'black', { product: 'White Canvas High Tops' });
  });

  it('sells the colour asked with "does it come in …" when the product has it', async () => {
    const trace = await run(makeEvent('does the waxed canvas tote come in olive'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Olive' } });
  });

  it('takes the colour a correction names, not the one after "not"', async () => {
    const [, second] = await converse(run, pipeline.recorder, [
      'ribbed wool beanie in rust, S/M',
      'oh wait sorry i meant navy not rust',
    ]);
    expect(second).toMatchObject({ answerKind: 'in_stock', variant: { title: 'S/M / Navy' } });
  });

  it('reads "a pair of" as two of a thing not sold in pairs, one of one that is', async () => {
    const mats = await run(makeEvent('a pair of the glazed ceramic planters, 7 in'));
    expect(mats.link).toMatch(/:2(\?|$)/);
    const gloves = await run(makeEvent('a pair of the thermal running gloves, M black'));
    expect(gloves.link).toMatch(/:1(\?|$)/);
  });

  it('reads "for darker skin" as the deep shade and "fair skin" as the fair one', () => {
    expect(readNamedOptions(tint, 'the skin tint for darker skin tones?')).toEqual({ Shade: ['Deep'] });
    expect(readNamedOptions(tint, 'which one for fair skin')).toEqual({ Shade: ['Fair'] });
  });

  it('takes "the middle size" of three sizes', async () => {
    const trace = await run(makeEvent('the glazed ceramic planter, middle size please'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: '7 in' } });
  });

  it('reads a count above twelve in words as the count, not as a thing the product lacks', async () => {
    const trace = await run(makeEvent('fifteen ceramic planters in 9 in, not the small ones'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: '9 in' } });
    expect(trace.match?.lacking ?? null).toBeNull();
  });

  it('reads "pinkish" against the store’s own colour names', async () => {
    const trace = await run(makeEvent('chunky knit throw in the pinkish one'));
    expect(trace).toMatchObject({ answerKind: 'in_stock', variant: { title: 'Blush' } });
  });
});
