import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language/detect.ts';
import { toEnglish } from './language/lexicon.ts';
import { colourFamiliesOf, normaliseSizeWords, readColourFamilies } from './option-words.ts';
import { readPackSize, readQuantity } from './quantities.ts';
import { classifyIntent, readMessage } from './understanding.ts';

describe('language detection on short DMs', () => {
  it.each([
    ['do you have the hoodie in black?', 'en'],
    ['how much is it', 'en'],
    ['¿tienen la sudadera en negro?', 'es'],
    ['hola', 'es'],
    ['vous avez le sweat en noir ?', 'fr'],
    ['merci', 'fr'],
    ['habt ihr den hoodie in schwarz?', 'de'],
    ['danke', 'de'],
    ['vocês têm o moletom em preto?', 'pt'],
    ['obrigada', 'pt'],
    ['avete la felpa in nero?', 'it'],
    ['grazie mille', 'it'],
  ] as const)('"%s" is %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('keeps the conversation language for a DM with nothing to go on', () => {
    expect(detectLanguage('ok 👍', 'de')).toBe('de');
    expect(detectLanguage('ok 👍')).toBe('en');
  });
});

describe('quantities in six languages', () => {
  it.each([
    ['two of the hyaluronic serum please', 2],
    ['can I get 3 of the tees', 3],
    ['a couple of mugs', 2],
    ['3 pairs of the wool socks', 3],
    ['mugs x4', 4],
    ['quiero dos tazas por favor', 2],
    ['je voudrais deux tasses', 2],
    ['ich hätte gern zwei Tassen', 2],
    ['quero duas canecas', 2],
    ['vorrei due tazze', 2],
    ['quiero tres camisetas', 3],
  ] as const)('"%s" asks for %d', (text, quantity) => {
    const { reading } = readMessage(text, null);
    expect(readQuantity(reading)).toBe(quantity);
  });

  it('does not read a size, a volume, a price or an order number as a quantity', () => {
    for (const text of ['size 9 please', 'the 50 ml one', 'is it $20', 'order #4821', 'uk 6', 'the 6-pack'])
      expect(readQuantity(readMessage(text, null).reading)).toBeNull();
  });

  it('reads a bare number that is one of the product’s sizes as the size, unless said as a count', () => {
    expect(readQuantity('runners 9', new Set(['8', '9', '10']))).toBeNull();
    expect(readQuantity('2 pairs of runners 9', new Set(['8', '9', '10']))).toBe(2);
  });

  it('reads pack sizes apart from quantities', () => {
    expect(readPackSize('do you have a 6-pack of the bars')).toBe(6);
    expect(readPackSize('box of 12?')).toBe(12);
    expect(readPackSize('two bars')).toBeNull();
  });
});

describe('option words', () => {
  it('maps a store’s own colour names to families through the colour list', () => {
    expect(colourFamiliesOf('Forest')?.families).toContain('green');
    expect(colourFamiliesOf('Sage')?.families).toContain('green');
    expect(colourFamiliesOf('Navy')?.families).toContain('blue');
    expect(colourFamiliesOf('Oatmeal')?.families).toContain('beige');
    expect(colourFamiliesOf('Burgundy')?.families).toContain('red');
    expect(colourFamiliesOf('Heather Grey')?.families).toContain('grey');
    expect(colourFamiliesOf('Mid Wash')).toBeNull();
  });

  it('reads the buyer’s family words with a shade', () => {
    expect(readColourFamilies('the dark green one')).toEqual({ families: ['green'], shade: 'dark' });
  });

  it('writes sizes in one spelling', () => {
    expect(normaliseSizeWords('extra large please')).toBe('XL please');
    expect(normaliseSizeWords('x-large')).toBe('XL');
    expect(normaliseSizeWords('a size nine and a half')).toBe('a size 9.5');
    expect(normaliseSizeWords('UK 6')).toBe('size 6');
  });

  it('reads other languages into English words, product names untouched', () => {
    expect(toEnglish('¿tienen la sudadera en negro talla M?', 'es')).toContain('hoodie in black size m');
    expect(toEnglish('vorrei due tazze nere', 'it')).toBe('i want two mug black');
  });
});

describe('the words of home goods and sports nutrition in five languages', () => {
  it.each([
    ['de', 'zwei leinen-schürzen in anthrazit bitte', 'two linen apron in charcoal please'],
    ['fr', 'la housse de couette en lin', 'la duvet cover in linen'],
    ['pt', 'quatro géis de energia sabor laranja, avulsos', 'four energy gel flavor orange, single'],
    ['it', 'le tende oscuranti color salvia', 'le curtains blackout color sage'],
    ['es', 'la funda nórdica en terracota', 'la duvet cover in terracotta'],
  ] as const)('%s: "%s"', (language, text, english) => {
    expect(toEnglish(text, language)).toBe(english);
  });

  it('reads the word after an elided article, and keeps a form the lexicon knows whole', () => {
    expect(toEnglish("ho un'allergia", 'it')).toBe("i have un' allergic reaction");
    expect(toEnglish("j'ai commandé", 'fr')).toMatch(/^i have /);
  });

  it('reads Brazilian letter sizes as the sizes they are', () => {
    expect(readMessage('tem o moletom tamanho P?', null).reading).toMatch(/\bsize s\b/);
    expect(readMessage('tem o moletom tamanho GG?', null).reading).toMatch(/\bsize xl\b/);
  });
});

describe('who wants a person, said around it', () => {
  it.each([
    "we're writing a holiday gift guide for a magazine, could we get a press contact",
    'who makes these candles? id like to chat to whoever runs the shop',
    'my daughter is 14, is creatine ok for her to take?',
    'the candle i bought scorched my table, who do i contact about this',
    'is the fat burner legal to bring into australia',
    'do you do custom embroidery? its for a company order',
    'Ich bin Einkäufer für einen Laden und würde gern über Großhandelskonditionen sprechen',
    'nous sommes une épicerie, vous faites des prix de gros ?',
    'sou nutricionista e queria saber se posso revender os produtos',
    'o sérum pode usar na gravidez?',
    "ho un'allergia alla soia, la barretta la posso mangiare?",
  ])('"%s" goes to a person', (text) => {
    const { reading } = readMessage(text, null);
    expect(classifyIntent(reading, false)).toBe('human');
  });

  it('leaves everyday questions to the assistant', () => {
    for (const text of [
      'is the linen shirt in stock in M?',
      'how much are the candles',
      'ok 2 of those then',
    ])
      expect(classifyIntent(readMessage(text, null).reading, true)).not.toBe('human');
  });
});
