import { colornames as colorNameList } from 'color-name-list';
import { colornames as bestColorNames } from 'color-name-list/bestof';

/**
 * The words buyers use for options: colour families for a store's own colour names (through color-name-list,
 * docs/decisions/038-colour-families-color-name-list.md), sizes in every spelling, volumes and pack sizes.
 */

export const colourFamilies = [
  'black',
  'white',
  'grey',
  'brown',
  'beige',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
] as const;
export type ColourFamily = (typeof colourFamilies)[number];

/** Family words a buyer writes (after the lexicon), with the families they mean. */
const familyWords: Record<string, ColourFamily[]> = {
  black: ['black'],
  white: ['white'],
  grey: ['grey'],
  gray: ['grey'],
  silver: ['grey'],
  brown: ['brown'],
  beige: ['beige'],
  nude: ['beige', 'pink'],
  red: ['red'],
  orange: ['orange'],
  yellow: ['yellow'],
  gold: ['yellow'],
  green: ['green'],
  blue: ['blue'],
  purple: ['purple'],
  violet: ['purple'],
  pink: ['pink'],
  rose: ['pink'],
};

/**
 * Colour words in the form the families and the store's names are matched in: "pinky", "bluish", "reddish",
 * "orangey", "sandy" as the colour itself, and the common misspellings of the family words ("gery", "balck").
 */
export function normaliseColourWords(englishText: string): string {
  return (
    englishText
      .replace(/\b(?:gery|greay|grye)\b/gi, 'grey')
      .replace(/\b(?:balck|blakc|blk)\b/gi, 'black')
      .replace(/\b(?:whtie|wihte)\b/gi, 'white')
      .replace(/\b(?:bule|blu)\b/gi, 'blue')
      .replace(/\b(?:yelow|yellw|yello)\b/gi, 'yellow')
      .replace(/\b(?:borwn|brwn)\b/gi, 'brown')
      .replace(/\b(?:purpel|purpal)\b/gi, 'purple')
      .replace(/\b(?:oragne|ornage)\b/gi, 'orange')
      // A flavour or scent family said the same way ("citrusy", "minty", "fruity", "chocolatey").
      .replace(/\b(citrus|mint|fruit|nutt?|chocolat(?:e)?|berr)(?:e?y|ish)\b/gi, (_word, family: string) =>
        family.toLowerCase() === 'berr'
          ? 'berry'
          : family.toLowerCase().startsWith('nut')
            ? 'nut'
            : family.toLowerCase().startsWith('chocolat')
              ? 'chocolate'
              : family,
      )
      .replace(
        /\b(pink|blu|blue|green|grey|gray|red|orange|yellow|purpl|purple|brown|sand|black|white)(?:d?ish|e?y)\b/gi,
        (_word, colour: string) =>
          (({ blu: 'blue', purpl: 'purple' }) as Record<string, string>)[colour.toLowerCase()] ?? colour,
      )
  );
}

/** Whether a buyer's word is a family word ("brown", "gold"), not a colour's own name ("navy", "tan"). */
export const isColourFamilyWord = (word: string) => Object.hasOwn(familyWords, word.toLowerCase());

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToHsl(hex: string): Hsl {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const r = ((value >> 16) & 255) / 255;
  const g = ((value >> 8) & 255) / 255;
  const b = (value & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return { h, s, l };
}

/** The families a colour belongs to: its main one, and a neighbour where it sits on a border (cream: white, beige). */
export function familiesOfHsl({ h, s, l }: Hsl): ColourFamily[] {
  // A near-black of strong blue ("Midnight") is also the blue a buyer calls it.
  if (l < 0.1 && s > 0.5 && h >= 195 && h < 255) return ['black', 'blue'];
  if (l < 0.1 || (s < 0.25 && l < 0.2)) return ['black'];
  if (l > 0.95) return ['white'];
  if (s < 0.12) return l > 0.85 ? ['white', 'grey'] : ['grey'];
  const out: ColourFamily[] = [];
  if (l > 0.85 && h >= 30 && h <= 70) out.push('white', 'beige');
  else if (h >= 20 && h <= 65 && ((s < 0.55 && l >= 0.5) || (s < 0.75 && l >= 0.6))) out.push('beige');
  else if (h >= 10 && h < 50 && l < 0.5) out.push('brown');
  else if (h < 12 || h >= 345) out.push(l > 0.7 ? 'pink' : 'red');
  else if (h < 45) out.push('orange');
  else if (h < 70) out.push(l < 0.35 ? 'green' : 'yellow');
  else if (h < 165) out.push('green');
  else if (h < 195) out.push('blue', 'green');
  else if (h < 255) out.push('blue');
  else if (h < 295) out.push('purple');
  else out.push(l > 0.6 || h > 320 ? 'pink' : 'purple');
  // Warm mid browns read as orange too (rust, cognac); reds near pink and pinks near red stay apart.
  if (out[0] === 'brown' && s > 0.5 && l > 0.3) out.push('orange');
  if (out[0] === 'orange' && (l < 0.4 || (h >= 22 && h < 40 && l < 0.6))) out.push('brown');
  // Tan and camel are light browns.
  if (out[0] === 'beige' && s >= 0.4 && h >= 25 && h <= 50) out.push('brown');
  return out;
}

/** Words of pattern and finish that the long list also has as colour names ("Check", "Wash"). */
const patternWords = new Set([
  'stripe',
  'stripes',
  'check',
  'floral',
  'print',
  'wash',
  'tartan',
  'mixed',
  'plaid',
  'mid',
  'vintage',
  'washed',
  'light',
  'dark',
  'deep',
  'medium',
  'fair',
  'clear',
  'off',
]);

let fullNames: Map<string, string> | null = null;
let commonNames: Map<string, string> | null = null;
let squashedNames: Map<string, string> | null = null;
const familyCache = new Map<string, { families: ColourFamily[]; lightness: number } | null>();

function namesMaps() {
  fullNames ??= new Map(colorNameList.map((color) => [color.name.toLowerCase(), color.hex]));
  commonNames ??= new Map(bestColorNames.map((color) => [color.name.toLowerCase(), color.hex]));
  // "Seafoam" as a store writes it is the list's "Sea Foam".
  squashedNames ??= new Map(
    colorNameList.map((color) => [color.name.toLowerCase().replace(/\s+/g, ''), color.hex]),
  );
  return { fullNames, commonNames, squashedNames };
}

/**
 * The families of a store's colour name ("Forest Green", "Oatmeal", "Washed Black"): the whole name in the full
 * list, else its words in the curated list from the last word back (the last word names the colour in English:
 * "Heather Grey", "Sky Blue"). Null for what is not a colour ("Mid Wash", "Palm Print" are left to the words).
 */
export function colourFamiliesOf(value: string): { families: ColourFamily[]; lightness: number } | null {
  const key = value.toLowerCase().trim();
  if (familyCache.has(key)) return familyCache.get(key)!;
  const { fullNames, commonNames, squashedNames } = namesMaps();
  let hex =
    fullNames.get(key) ??
    fullNames.get(key.replace(/\s+/g, ' ')) ??
    (/^[a-z]+$/.test(key) ? squashedNames.get(key) : undefined);
  let families: ColourFamily[] | null = null;
  const words = key.split(/[\s/-]+/).filter(Boolean);
  // A family word in the name decides the family ("Forest Green" is green whatever its shade).
  const named = words.flatMap((word) => familyWords[word] ?? []);
  if (!hex) {
    for (const word of [...words].reverse()) {
      const found = commonNames.get(word) ?? (patternWords.has(word) ? undefined : fullNames.get(word));
      if (found && word.length > 2) {
        hex = found;
        break;
      }
    }
  }
  let result: { families: ColourFamily[]; lightness: number } | null = null;
  if (hex) {
    const hsl = hexToHsl(hex);
    families = familiesOfHsl(hsl);
    if (named.length > 0) families = [...new Set([...named, ...families.filter((f) => named.includes(f))])];
    result = { families, lightness: hsl.l };
  } else if (named.length > 0) {
    result = { families: [...new Set(named)], lightness: 0.5 };
  }
  familyCache.set(key, result);
  return result;
}

/**
 * The colour families the buyer named, with "dark"/"light" when said before one: family words ("green"), and
 * the colour names of the curated list ("navy", "burgundy", "charcoal") read through their families. `ignore`
 * holds words that name something else here (the product's own title words: "Rose Water").
 */
export function readColourFamilies(
  englishText: string,
  ignore: ReadonlySet<string> = new Set(),
): {
  families: ColourFamily[];
  shade: 'dark' | 'light' | null;
  /** The buyer's colour words, as written. */
  words: string[];
} {
  const text = englishText.toLowerCase();
  const families = new Set<ColourFamily>();
  const words: string[] = [];
  const { commonNames } = namesMaps();
  const tokens = text.split(/[^a-z]+/);
  for (const [index, word] of tokens.entries()) {
    if (ignore.has(word)) continue;
    const named = familyWords[word];
    if (named) {
      for (const family of named) families.add(family);
      words.push(word);
      continue;
    }
    // "the wine colour", "sand coloured": a word that names other things too is a colour when called one.
    const calledColour = /^(?:colou?r(?:ed|s)?|shade|tone)$/.test(tokens[index + 1] ?? '');
    if (word.length < 3 || patternWords.has(word) || (notColourWords.has(word) && !calledColour)) continue;
    if (!commonNames.has(word) && !classicColourWords.has(word)) continue;
    const found = colourFamiliesOf(word);
    if (!found) continue;
    for (const family of found.families) families.add(family);
    // A buyer's deep pink (wine, bordeaux) is also the red a store calls burgundy.
    if (found.families[0] === 'pink' && found.lightness < 0.35) families.add('red');
    words.push(word);
  }
  const shade = /\b(dark|deep|darker)\b/.test(text)
    ? 'dark'
    : /\b(light|pale|lighter)\b/.test(text)
      ? 'light'
      : compoundShade(tokens);
  return { families: [...families], shade, words };
}

/**
 * "sky blue", "forest green": a colour the full list names with the family word after it says how dark the buyer
 * means that family, when no "dark" or "light" was said.
 */
function compoundShade(tokens: string[]): 'dark' | 'light' | null {
  const { fullNames } = namesMaps();
  for (const [index, word] of tokens.entries()) {
    const next = tokens[index + 1] ?? '';
    if (!familyWords[next] || familyWords[word] || word.length < 3) continue;
    const hex = fullNames.get(`${word} ${next}`);
    if (!hex) continue;
    const { l } = hexToHsl(hex);
    if (l < 0.3) return 'dark';
    if (l > 0.75) return 'light';
  }
  return null;
}

/** Colour names of fashion and homeware that the curated list leaves to the full one. */
const classicColourWords = new Set(['navy', 'burgundy', 'tan', 'blush', 'bordeaux', 'maroon', 'wine']);

/** Words of the curated colour list that buyers use for something else in a DM. */
const notColourWords = new Set(
  `this that with your have will from what when want need good nice love cool like they them some more less
  size pack single double king queen full twin baby mini tall long wide slim fit kind tone more much sale
  chocolate vanilla coffee lemon orange mint cherry peach mango banana coconut caramel honey berry grape apple
  strawberry raspberry watermelon lime cola melon almond hazelnut pistachio cookie sugar salt pepper
  cinnamon ginger tea wine beer milk water fire ice snow rain storm night day dawn sunset ocean sea sky earth
  stone sand rock wood gold silver copper brass steel iron glass paper cotton linen wool silk leather suede
  denim canvas velvet`.split(/\s+/),
);

const sizeNumberWords: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  sixteen: '16',
};

/**
 * Sizes in every common spelling written the way the catalog reads them: "extra large" / "x-large" -> "XL",
 * "a size nine and a half" -> "size 9.5", "UK 6" -> "size 6", "a medium" -> "M", "one size" kept as it is.
 */
export function normaliseSizeWords(englishText: string): string {
  const numbers = Object.keys(sizeNumberWords).join('|');
  const spelled = englishText
    // Typos of the three size words seen in DMs ("medum", "smal", "lrage").
    .replace(/\b(?:medum|meduim|mediun|meduium|medim|meidum|mediam)\b/gi, 'medium')
    .replace(/\b(?:smal|smll|samll|smalll)\b/gi, 'small')
    .replace(/\b(?:lrage|larg|lareg|lagre)\b/gi, 'large')
    .replace(/\b(?:smalest|smallet|smllest)\b/gi, 'smallest')
    // "2 boxes of 24": two of the store's "Box of 24".
    .replace(/\b(box|pack|case)(?:es|s) of (?=\d)/gi, '$1 of ')
    .replace(/\b(?:bigest|biggets|bigets)\b/gi, 'biggest')
    // "do they come in a 13?": a number asked of a product is its size.
    .replace(
      /\b(come|comes|coming|available|made) in (?:an? )?(\d{1,2}(?:\.5)?)(?=\s*(?:[?!.,]|$))/gi,
      '$1 in size $2',
    )
    .replace(/\bcal(?:i|ifornia)?\.?\s+king\b/gi, 'california king')
    .replace(
      /\b(?:extra|xtra|x)[\s-]?(?:extra|x)[\s-]?large\b|\bdouble[\s-]?(?:xl|extra[\s-]?large)\b|\b2\s?xl\b/gi,
      'XXL',
    )
    .replace(/\b(?:extra|xtra|x)[\s-]?large\b/gi, 'XL')
    .replace(/\b(?:extra|xtra|x)[\s-]?small\b/gi, 'XS')
    .replace(
      new RegExp(`\\b(size|sz|uk|us|eu)\\s+(${numbers})(\\s+and\\s+a\\s+half|\\s+half)?\\b`, 'gi'),
      (_w, label: string, n: string, half?: string) =>
        `${label.toLowerCase() === 'sz' ? 'size' : label} ${sizeNumberWords[n.toLowerCase()]}${half ? '.5' : ''}`,
    )
    // "the ten foot one", "a two litre bottle": an amount in words, as the store writes it.
    .replace(
      new RegExp(
        `\\b(${numbers})[\\s-](foot|feet|ft|inch|inches|litres?|liters?|kilos?|kg|quarts?|qt|oz)\\b`,
        'gi',
      ),
      (_w, n: string, unit: string) => `${sizeNumberWords[n.toLowerCase()]} ${unit}`,
    )
    .replace(/\b(\d{1,2})\s+(?:and\s+a\s+half|1\/2|½)\b/gi, '$1.5')
    .replace(
      new RegExp(`\\b(${numbers})\\s+and\\s+a\\s+half\\b`, 'gi'),
      (_w, n: string) => `${sizeNumberWords[n.toLowerCase()]}.5`,
    )
    .replace(/\b(?:uk|us|eu)\s?(\d{1,2}(?:\.5)?)\b/gi, 'size $1');
  // A waist with its leg first; then "32 waist", "waist 32": a size, the waist number the trousers' sizes start with.
  return waistByLeg(spelled).replace(
    /\b(\d{2})\s*(?:"|in\b|inch(?:es)?)?\s*waist\b|\bwaist\s*(?:size\s*)?(\d{2})\b/gi,
    'size $1$2',
  );
}

/** "34 waist 32 leg", "waist 34 leg 32", "34w 32l": the waist-by-leg size the catalog writes "34x32". */
export function waistByLeg(text: string): string {
  return text
    .replace(
      /\b(\d{2})\s*(?:"|in\b|inch(?:es)?)?\s*(?:waist|w)\b[\s,/]*(?:(?:and|with|by|x)\s+(?:a\s+)?)?(\d{2})\s*(?:"|in\b|inch(?:es)?)?\s*(?:leg|length|inseam|long|l)\b/gi,
      '$1x$2',
    )
    .replace(
      /\bwaist\s*(\d{2})[\s,/]*(?:(?:and|with)\s+(?:a\s+)?)?(?:leg|length|inseam|l)\s*(\d{2})\b/gi,
      '$1x$2',
    );
}

/** A numeric option value as a comparable amount ("50 ml" -> 50, "1 l" -> 1000, "200 g" -> 200), else null. */
export function amountOf(value: string): number | null {
  const measure = unitAmountOf(value);
  if (measure) return measure.number;
  // Dimensions ("18x18 in", "5x8 ft"): their area, so "the smaller one" reads them too.
  const dims = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)/i.exec(value);
  if (dims) return Number(dims[1]) * Number(dims[2]);
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(x)?\s*$/i.exec(value);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

/** Unit words as one spelling, with the factor to the unit they are counted in. */
const units: [RegExp, string, number][] = [
  [/^(ml|millilit(?:er|re)s?)$/, 'ml', 1],
  [/^(cl)$/, 'ml', 10],
  [/^(l|ltr|lit(?:er|re)s?)$/, 'ml', 1000],
  [/^(g|gr|grams?)$/, 'g', 1],
  [/^(kg|kgs|kilos?|kilograms?)$/, 'g', 1000],
  [/^(oz|ounces?)$/, 'oz', 1],
  [/^(lb|lbs|pounds?)$/, 'lb', 1],
  [/^(in|inch|inches|")$/, 'inch', 1],
  [/^(cm)$/, 'cm', 1],
  [/^(ft|feet|foot)$/, 'ft', 1],
  [/^(qt|quarts?)$/, 'qt', 1],
  [/^(tubes?)$/, 'tube', 1],
  [/^(packs?|pk|pks)$/, 'pack', 1],
  [/^(boxe?s?)$/, 'box', 1],
  [/^(cans?)$/, 'can', 1],
  [/^(bars?)$/, 'bar', 1],
  [/^(count|ct|pcs|pieces?)$/, 'count', 1],
];
const unitOf = (word: string) => {
  const found = units.find(([pattern]) => pattern.test(word.toLowerCase()));
  return found ? { unit: found[1], factor: found[2] } : null;
};

export interface UnitAmount {
  number: number;
  unit: string;
}

/**
 * An option value as a number in a unit ("4 Tubes", "Single Tube", "12-Pack", "Box of 24", "10 in", "1 kg" as
 * 1000 g), or null ("M", "5x8 ft", "Black").
 */
export function unitAmountOf(value: string): UnitAmount | null {
  const text = value.toLowerCase().trim();
  let match = /^(\d+(?:[.,]\d+)?)\s*-?\s*([a-z"]+)$/.exec(text);
  if (match) {
    const unit = unitOf(match[2]!);
    return unit ? { number: Number(match[1]!.replace(',', '.')) * unit.factor, unit: unit.unit } : null;
  }
  match = /^(box|pack|case|set) of (\d+)$/.exec(text);
  if (match) return { number: Number(match[2]), unit: match[1] === 'box' ? 'box' : 'pack' };
  match = /^(single|one)\s+([a-z]+)$/.exec(text);
  if (match) {
    const unit = unitOf(match[2]!);
    return unit ? { number: unit.factor, unit: unit.unit } : null;
  }
  return null;
}

const amountNumberWords: Record<string, number> = {
  a: 1,
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  eight: 8,
  ten: 10,
  twelve: 12,
  twenty: 20,
};

/** The numbers-with-units the buyer wrote ("the 4 tube pack", "14 inch", "1kg", "box of 24", "single cans"). */
export function readUnitAmounts(englishText: string): UnitAmount[] {
  const text = englishText.toLowerCase().normalize('NFKC');
  const out: UnitAmount[] = [];
  const numberWords = Object.keys(amountNumberWords).join('|');
  for (const match of text.matchAll(
    new RegExp(`(?<![\\w.])(\\d+(?:[.,]\\d+)?|${numberWords})\\s*-?\\s*([a-z"]+)`, 'g'),
  )) {
    const unit = unitOf(match[2]!);
    if (!unit) continue;
    const raw = match[1]!;
    const number = /\d/.test(raw) ? Number(raw.replace(',', '.')) : amountNumberWords[raw]!;
    // "a pack" and "a box" name no amount; "a single tube" does.
    if (raw === 'a' && unit.unit !== 'tube' && unit.unit !== 'can') continue;
    out.push({ number: number * unit.factor, unit: unit.unit });
  }
  for (const match of text.matchAll(/\b(box|pack|case|set) of (\d{1,3})\b/g))
    out.push({ number: Number(match[2]), unit: match[1] === 'box' ? 'box' : 'pack' });
  return out;
}

/**
 * "the big one" / "the small one" for volumes, pack sizes and lengths, also said before the product or its other
 * options ("the big amber vase", "the long ones in grey", "the small bag"). Not "too big", "big enough", "a big
 * fan": those say nothing of which one.
 */
export function readRelativeAmount(englishText: string): 'largest' | 'smallest' | null {
  const text = englishText.toLowerCase();
  const notChoosing = /\b(too|so|very|how|as|not|is|are|was|be|it'?s|its|they'?re)\s+$/;
  const said = (pattern: RegExp, after: RegExp) =>
    [...text.matchAll(pattern)].some(
      (match) =>
        !notChoosing.test(text.slice(0, match.index)) &&
        !after.test(text.slice(match.index + match[0].length)),
    );
  if (
    said(
      /\b(big|bigger|biggest|large|larger|largest|long|longer|longest|tall|taller|tallest|jumbo|max|family size)\b/g,
      /^\s+(enough|than|deal|fan|thanks|thank|hug|day|time|order)\b/,
    )
  )
    return 'largest';
  if (
    said(
      /\b(small|smaller|smallest|mini|little|short|shorter|shortest|travel size|travel sized)\b/g,
      /^\s+(enough|than|bit|more|less|question|sleeves?|sleeved)\b/,
    )
  )
    return 'smallest';
  return null;
}

/** Sizes said in words, in order, so "the big one" of Small / Large is Large. */
const sizeWordRank: Record<string, number> = {
  'extra small': 0,
  xs: 0,
  small: 1,
  s: 1,
  medium: 2,
  m: 2,
  large: 3,
  l: 3,
  'extra large': 4,
  xl: 4,
  xxl: 5,
};

/** An option value as something to order by size: its amount ("400 ml", "96 in"), else its size word. */
export function sizeOrderOf(value: string): number | null {
  return amountOf(value) ?? sizeWordRank[value.toLowerCase().trim()] ?? null;
}

/**
 * Flavour and scent families: a store names a family ("Citrus", "Berry", "Unscented") where the buyer names one
 * of its members ("lemon", "raspberry", "no scent"). Read only when the buyer's words name no value outright.
 */
const flavourFamilies: Record<string, string[]> = {
  citrus: ['lemon', 'lime', 'orange', 'grapefruit', 'bergamot', 'mandarin', 'tangerine', 'yuzu', 'lemony'],
  berry: ['strawberry', 'raspberry', 'blueberry', 'blackberry', 'cranberry', 'berries', 'mixed berry'],
  tropical: ['mango', 'pineapple', 'passion fruit', 'coconut', 'papaya', 'guava'],
  floral: [
    'rose',
    'jasmine',
    'lavender',
    'peony',
    'gardenia',
    'flower',
    'flowery',
    'blossom',
    'lilac',
    'neroli',
  ],
  unscented: [
    'no scent',
    'scent free',
    'scent-free',
    'fragrance free',
    'fragrance-free',
    'without scent',
    'no fragrance',
    'odourless',
    'odorless',
  ],
  unflavored: ['no flavour', 'no flavor', 'plain', 'flavourless', 'flavorless', 'unflavoured'],
  chocolate: ['cocoa', 'choc', 'chocolatey'],
  woody: ['cedar', 'sandalwood', 'oak', 'pine'],
};

/** Flavour and scent words a buyer names; one that no value of a flavour or scent option is, is not sold. */
const flavourWords = new Set(
  `strawberry raspberry blueberry blackberry cranberry cherry lemon lime orange grapefruit mandarin tangerine
  grape apple pear peach apricot plum mango pineapple passionfruit papaya guava banana coconut watermelon melon
  kiwi pomegranate vanilla chocolate caramel toffee butterscotch hazelnut almond pistachio peanut cookie cookies
  brownie cinnamon ginger pumpkin gingerbread mint peppermint spearmint coffee mocha espresso cola matcha honey
  bubblegum pistachio lavender rose jasmine peony gardenia lilac eucalyptus sandalwood cedar cedarwood pine bergamot amber
  oud musk patchouli sage rosemary tobacco leather neroli vetiver citrus tropical berry fig
  lemonade limeade sherbet marshmallow cheesecake licorice liquorice`.split(/\s+/),
);

/** The flavour or scent words of the buyer's text that no value carries and the product's title does not hold. */
export function flavoursNotCarried(englishText: string, values: string[], title: string): string[] {
  const carried = new Set(
    [...values, title].flatMap((value) => value.toLowerCase().split(/[^a-z]+/)).filter(Boolean),
  );
  const named = englishText
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => flavourWords.has(word) && !carried.has(word) && !carried.has(word.replace(/s$/, '')));
  // Any words the buyer calls a flavour or scent ("in cotton candy flavour", "an oud scented one").
  for (const match of englishText
    .toLowerCase()
    .matchAll(/\b([a-z]{3,}(?: [a-z]{3,})?)\s+(?:flavou?r(?:ed|s)?|scent(?:ed|s)?)\b/g)) {
    const words = match[1]!.split(' ').filter((word) => !notFlavourWords.has(word));
    // Carried when one value (or the title) has every word of it: "cotton candy" is no Cotton Towel's flavour.
    const inOne = [...values, title].some((value) => {
      const own = value.toLowerCase().split(/[^a-z]+/);
      return words.every((word) => own.includes(word) || own.includes(word.replace(/s$/, '')));
    });
    // A flavour word already named stands for the phrase ("gummies strawberry flavour": strawberry).
    if (words.length > 0 && !inOne && !words.some((word) => named.includes(word)))
      named.push(words.join(' '));
  }
  return [...new Set(named)];
}

/** Words before "flavour" or "scent" that ask about one rather than name one ("what flavours", "same scent"). */
const notFlavourWords = new Set(
  `what which that this the any other new fav fave favourite favorite best same each every all different more
  your its their popular top nice good great one ones many some another strong light mild natural real artificial
  and with without like has have got other flavour flavor scent`.split(/\s+/),
);

/** The option values of a family the buyer named by a member ("lemon" -> "Citrus", "Citrus Burst"). */
export function valuesByFlavourFamily(englishText: string, values: string[]): string[] {
  const text = ` ${englishText.toLowerCase().replace(/[^a-z -]+/g, ' ')} `;
  const named = Object.entries(flavourFamilies)
    .filter(([, members]) => members.some((member) => text.includes(` ${member} `)))
    .map(([family]) => family);
  const byName = values.filter((value) =>
    named.some((family) => new RegExp(`\\b${family}\\b`).test(value.toLowerCase())),
  );
  if (byName.length > 0) return byName;
  // The family itself named ("a citrus one", "something floral"): the values that are its members, by the word
  // that names what they are, the last in English ("Orange Blossom" is floral, not citrus).
  const families = Object.keys(flavourFamilies).filter((family) => text.includes(` ${family} `));
  return values.filter((value) => {
    const words = value
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
    return families.some((family) => flavourFamilies[family]!.includes(words.at(-1) ?? ''));
  });
}
