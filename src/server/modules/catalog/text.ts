/**
 * How buyer texts and catalog texts are read. Both sides go through the same normaliser, so
 * "T-Shirt" in a title and "tshirt" in a DM become the same word, and plurals meet their singular.
 */

/** Written-together and written-apart forms of one garment or item, folded to one word before anything else. */
const phraseFolds: [RegExp, string][] = [
  [/\bt[\s-]?shirts?\b|\btee[\s-]?shirts?\b/g, 'tee'],
  [/\bhoodies\b|\bhoody\b|\bhoodys\b/g, 'hoodie'],
  [/\bhead[\s-]?torch(es)?\b/g, 'headlamp'],
  [/\bsweat[\s-]?pants\b|\btrack[\s-]?pants\b|\btrackies\b/g, 'joggers'],
  [/\bjean[\s-]jackets?\b/g, 'denim jacket'],
  [/\bface[\s-]?wash(es)?\b/g, 'cleanser'],
  [/\bsun[\s-]?screens?\b|\bsun[\s-]?blocks?\b|\bsun[\s-]?cream\b/g, 'sunscreen'],
  [/\blip[\s-]?sticks?\b|\blippy\b|\blippie\b/g, 'lipstick'],
  [/\beye[\s-]?liners?\b/g, 'eyeliner'],
  [/\brain[\s-]?coats?\b/g, 'rain jacket'],
  [/\bback[\s-]?packs?\b|\bruck[\s-]?sacks?\b/g, 'backpack'],
  [/\bx[\s-]large\b|\bextra[\s-]large\b/g, 'xl'],
  [/\bxx[\s-]large\b|\b2x[\s-]?large\b|\b2xl\b/g, 'xxl'],
  [/\bx[\s-]small\b|\bextra[\s-]small\b/g, 'xs'],
  [/\boff[\s-]white\b/g, 'offwhite'],
  [/\bmoisturiser\b/g, 'moisturizer'],
  [/\bpre[\s-]?work[\s-]?outs?\b/g, 'preworkout'],
  // "vit c", "vit. d": the vitamin; "vitamin d" is sold as D3 whichever the buyer writes.
  [/\bvit\.?(?=\s*[a-e]\d{0,2}\b)/g, 'vitamin'],
  [/\bvitamin\s*d3?\b/g, 'vitamin d3'],
  [/\bcolour\b/g, 'color'],
  [/\bgray\b/g, 'grey'],
];

/** Everyday names a buyer uses for what a store files under another word (both directions are tried). */
const synonymGroups: string[][] = [
  ['sweater', 'jumper', 'pullover', 'knit'],
  ['sneaker', 'trainer', 'kick'],
  ['joggers', 'jogger', 'sweatpant'],
  ['trouser', 'pant', 'slack'],
  ['vest', 'gilet'],
  ['puffer', 'puffa', 'down'],
  ['perfume', 'fragrance', 'parfum', 'scent'],
  ['cleanser', 'wash'],
  ['sunscreen', 'spf'],
  ['lipstick', 'lip'],
  ['chapstick', 'balm'],
  ['backpack', 'pack', 'bag'],
  ['headlamp', 'torch', 'flashlight'],
  ['bottle', 'flask'],
  ['purse', 'handbag', 'bag'],
  ['beanie', 'hat', 'toque'],
  ['cap', 'hat'],
  ['swimsuit', 'bikini', 'swimwear'],
  ['trunk', 'swim'],
  ['jean', 'denim'],
  ['mat', 'pad'],
  ['boot', 'bootie'],
];

/** Words of chat that never name a product; a word outside the catalog's vocabulary is ignored anyway. */
const stopWords = new Set(
  `a an the and or but of for to in on at by with from into out up is are am was were be been do does did have has had
  i im me my mine you your youre u ur we our us it its this that these those there here what which who how much many
  any some one ones get got can could would should will want wanna need needed looking look like love please pls plz
  thanks thank thx ty hi hey hello hiya heya babe hun omg lol haha yes yeah yep no not still left available stock instock
  sell selling sold buy order price cost costs size sizes sz color colors in available also just really so very too
  item items thing product products thing anything something again back more less other another same new if when
  where why tho though tbh btw asap today tomorrow now pls plsss ok okay cool nice cute gorgeous amazing perfect
  please check checking know let lemme gimme give send link dm restock restocked left only still available`.split(
    /\s+/,
  ),
);

const letterSizes = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', '3xl'];
const sizeWords: Record<string, string> = {
  small: 's',
  sm: 's',
  medium: 'm',
  med: 'm',
  large: 'l',
  lg: 'l',
  xsmall: 'xs',
  xlarge: 'xl',
  xxlarge: 'xxl',
  xxxl: '3xl',
};

/** Colour words with the nearby names buyers use for them. */
const colorFamilies: Record<string, string[]> = {
  black: ['black', 'noir', 'jet'],
  white: ['white', 'offwhite', 'ivory', 'cream', 'ecru'],
  grey: ['grey', 'charcoal', 'slate', 'heather', 'silver'],
  navy: ['navy', 'midnight'],
  blue: ['blue', 'navy', 'sky', 'indigo', 'teal', 'denim'],
  red: ['red', 'cherry', 'ruby', 'scarlet', 'brick', 'burgundy', 'wine'],
  burgundy: ['burgundy', 'maroon', 'wine', 'oxblood'],
  green: ['green', 'olive', 'sage', 'forest', 'emerald', 'khaki', 'mint'],
  olive: ['olive', 'khaki'],
  pink: ['pink', 'rose', 'blush', 'mauve'],
  purple: ['purple', 'lilac', 'lavender', 'mauve', 'violet', 'plum'],
  brown: ['brown', 'tan', 'camel', 'cognac', 'mocha', 'chocolate', 'oatmeal'],
  beige: ['beige', 'sand', 'stone', 'natural', 'oatmeal', 'nude', 'camel', 'khaki', 'ecru'],
  orange: ['orange', 'rust', 'terracotta', 'coral', 'sunset', 'peach'],
  yellow: ['yellow', 'mustard', 'gold'],
};
const colorWords = new Set(Object.values(colorFamilies).flat().concat(Object.keys(colorFamilies)));

/** Words near a colour word (its family), the word itself first. */
export function colorNeighbours(word: string): string[] {
  return [word, ...(colorFamilies[word] ?? [])];
}

/** Lower case, accents and emoji gone, the folds applied; words stay apart by single spaces. */
export function normalizeText(text: string): string {
  let out = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '');
  for (const [pattern, replacement] of phraseFolds) out = out.replace(pattern, replacement);
  // "spf50" and "spf 50" are one thing; sizes such as "2xl", "50ml" and "w32" keep their form.
  out = out.replace(/\b([a-z]{2,})(\d+)\b/g, '$1 $2');
  return out
    .replace(/[^a-z0-9.\-/ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** English plural to singular, good enough for catalog nouns; applied to both sides so rough is fine. */
export function singularize(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a normalised text, split at spaces, hyphens and slashes, singular. */
export function splitWords(normalized: string): string[] {
  return normalized
    .split(/[\s\-/]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word.length > 0)
    .map(singularize);
}

export function sortLetters(word: string): string {
  return [...word].sort().join('');
}

/** A size value in one spelling: letter sizes lower case, "W32 L30" and "32/30" as "32x30", "50 ml" as "50ml". */
export function normalizeSizeValue(value: string): string {
  let text = normalizeText(value);
  text = text
    .replace(/\bw\s?(\d{2})\s*l\s?(\d{2})\b/, '$1x$2')
    .replace(/\b(\d{2})\s?w\s*(\d{2})\s?l\b/, '$1x$2');
  text = text.replace(/\b(\d{2})\s*(?:x|\/|by)\s*(\d{2})\b/, '$1x$2');
  text = text.replace(/\b(\d+(?:\.\d+)?)\s*(ml|l|g|oz|cm)\b/, '$1$2');
  const word = text.replace(/\s+/g, '');
  return sizeWords[word] ?? word;
}

export type RequestedOption = { name: 'size' | 'color' | 'other'; value: string };

export interface ParsedBuyerText {
  normalized: string;
  /** Words that may name the product (not chat, not a size), singular. */
  words: string[];
  /** Tokens that look like a SKU, original case removed. */
  skuCandidates: string[];
  sizes: string[];
  /** Bare numbers: a size only if some variant has it ("the 8", "2" as a quantity is not). */
  maybeSizes: string[];
  colors: string[];
}

/**
 * Reads the options and product words from a buyer's text. Sizes are taken from explicit forms ("size 8",
 * "medium", "32x30", "w32 l30", "50ml") so a quantity is not mistaken for a size.
 */
export function parseBuyerText(text: string): ParsedBuyerText {
  const raw = text.slice(0, 2000);
  const skuCandidates = [
    ...raw.matchAll(/\b[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+\b|\b[A-Za-z]*\d+[A-Za-z0-9]*\b/g),
  ]
    .map((match) => match[0].toLowerCase())
    .filter((token) => token.length >= 3);
  let normalized = normalizeText(raw);
  const sizes: string[] = [];
  const maybeSizes: string[] = [];
  const take = (pattern: RegExp, toSize: (match: RegExpMatchArray) => string) => {
    normalized = normalized.replace(pattern, (...args) => {
      sizes.push(toSize(args as unknown as RegExpMatchArray));
      return ' ';
    });
  };
  take(/\bw\s?(\d{2})\s*l\s?(\d{2})\b/g, (m) => `${m[1]}x${m[2]}`);
  take(/\b(\d{2})\s?w\s*(\d{2})\s?l\b/g, (m) => `${m[1]}x${m[2]}`);
  take(/\b(\d{2})\s*(?:x|\/|by)\s*(\d{2})\b/g, (m) => `${m[1]}x${m[2]}`);
  take(/\b(\d+(?:\.\d+)?)\s*(ml|l|g|oz|cm)\b/g, (m) => `${m[1]}${m[2]}`);
  take(/\b(?:size|sz|uk|us|eu|waist)\s*(\d{1,2}(?:\.5)?)\b/g, (m) => m[1]!);
  take(/\b(?:size|sz)\s+(xxs|xs|s|m|l|xl|xxl|3xl|small|medium|large)\b/g, (m) => sizeWords[m[1]!] ?? m[1]!);
  const words: string[] = [];
  const colors: string[] = [];
  for (const word of splitWords(normalized)) {
    if (letterSizes.includes(word) && word !== 'l' && word !== 's') {
      sizes.push(word);
    } else if ((word === 's' || word === 'l') && new RegExp(`(^|[\\s/])${word}([\\s/]|$)`).test(normalized)) {
      sizes.push(word);
    } else if (sizeWords[word]) {
      sizes.push(sizeWords[word]!);
    } else if (/^\d{1,2}(\.5)?$/.test(word)) {
      maybeSizes.push(word);
    } else if (colorWords.has(word)) {
      colors.push(word);
    } else if (!stopWords.has(word) && word.length >= 2 && !/^\d+$/.test(word)) {
      words.push(word);
    }
  }
  // A token that reads as a size ("50ml", "32x30", "2xl") is not looked up as a SKU.
  const sizeLike = new Set([...sizes, ...maybeSizes]);
  return {
    normalized,
    words: [...new Set(words)],
    skuCandidates: [...new Set(skuCandidates)].filter((token) => !sizeLike.has(normalizeSizeValue(token))),
    sizes: [...new Set(sizes)],
    maybeSizes: [...new Set(maybeSizes)],
    colors: [...new Set(colors)],
  };
}

/** The other names of a word (synonym groups), the word itself first. */
export function synonymsOf(word: string): string[] {
  const out = [word];
  for (const group of synonymGroups)
    if (group.includes(word)) out.push(...group.filter((other) => other !== word));
  return [...new Set(out)];
}

/** The words a catalog text is found by (title, type, tags, vendor, options, SKUs), normalised like buyer text. */
export function catalogWords(parts: string[]): string[] {
  return [...new Set(parts.flatMap((part) => splitWords(normalizeText(part))).filter((w) => w.length >= 2))];
}
