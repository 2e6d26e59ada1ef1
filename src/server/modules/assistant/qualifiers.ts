import type { CatalogProduct } from './ports.ts';

/**
 * What a buyer asks a product to be, besides naming it: a measure ("1 person", "SPF 100", "3 pack", "22L",
 * "XXXL") or an attribute ("vegan", "organic", "waterproof"). Read from the English reading of the DM, and looked
 * for in the product's own text (title, type, tags, option values). A product that lacks what was asked is "not
 * sold", said with the closest thing we do sell (docs/decisions/047-not-sold-from-what-the-product-carries.md).
 */

export interface Measure {
  value: number;
  unit: string;
}

const UNIT: Record<string, string> = {
  person: 'person',
  persons: 'person',
  people: 'person',
  man: 'person',
  seater: 'person',
  pack: 'pack',
  packs: 'pack',
  pk: 'pack',
  count: 'pack',
  ct: 'pack',
  ml: 'ml',
  l: 'l',
  ltr: 'l',
  litre: 'l',
  liter: 'l',
  litres: 'l',
  liters: 'l',
  oz: 'oz',
  g: 'g',
  kg: 'kg',
  lb: 'lb',
  lbs: 'lb',
  cm: 'cm',
  mm: 'mm',
  inch: 'inch',
  inches: 'inch',
  qt: 'qt',
  watt: 'w',
  w: 'w',
  mah: 'mah',
};

// "2-person", "3 pack", "50ml", "1.5 l" (a bare "l" only glued to its number: "2 l" may be a size), "SPF 50",
// "pack of 12", "box of 6".
const MEASURE =
  /(?<![\p{L}\d.])(\d{1,4}(?:[.,]\d+)?)(?:\s*-?\s*(person|persons|people|man|seater|packs?|pk|count|ct|ml|ltr|litres?|liters?|oz|g|kg|lbs?|cm|mm|inch(?:es)?|qt|watt|mah)|(l|w))(?![\p{L}])/giu;
const SPF = /\bspf\s*-?\s*(\d{1,3})\b/gi;
const PACK_OF = /\b(?:pack|box|case|set|bundle) of (\d{1,3})\b/gi;
const SIZE_LETTERS = /(?<![\p{L}\d])(xxxs|xxs|xs|xl|xxl|xxxl|xxxxl|[2-6]xl|[2-3]xs)(?![\p{L}\d])/giu;

// A temperature rating ("-5C", "0 °C", "-20 degrees"); a bare number below zero ("good to -20") is one too.
const TEMPERATURE =
  /(?<![\p{L}\d])(-?\d{1,2})\s*(?:°\s*c|c|degrees?|deg)(?![\p{L}])|(?:(?<=^|\s)-|\bminus\s*)(\d{1,2})(?![\d\p{L}.,])/giu;
// A number before a word one letter off a unit word of five letters or more ("1 persn tent", "2 peopel").
const UNIT_TYPO = /(?<![\p{L}\d.])(\d{1,4})\s*-?\s*(\p{L}{4,8})(?![\p{L}])/giu;
const longUnits = Object.keys(UNIT).filter((word) => word.length >= 5);

/** One insertion, deletion, substitution or swap of two letters turns one word into the other. */
function isOneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  const rest = (x: string, from: number) => x.slice(from);
  return (
    rest(a, start + 1) === rest(b, start + 1) ||
    rest(a, start + 1) === rest(b, start) ||
    rest(a, start) === rest(b, start + 1) ||
    (a[start] === b[start + 1] && a[start + 1] === b[start] && rest(a, start + 2) === rest(b, start + 2))
  );
}

export function readMeasures(text: string): Measure[] {
  const lower = text.toLowerCase();
  const out: Measure[] = [];
  for (const match of lower.matchAll(MEASURE)) {
    const unit = UNIT[(match[2] ?? match[3] ?? '').toLowerCase()];
    // "3 packs of socks", "black, 2 packs please" count packs; "a 3 pack", "sold in 3 packs?" are the size of one.
    if (/^packs$/i.test(match[2] ?? '') && !/\bin\s+$/.test(lower.slice(0, match.index))) continue;
    if (unit) out.push({ value: Number(match[1]!.replace(',', '.')), unit });
  }
  for (const match of lower.matchAll(UNIT_TYPO)) {
    const word = match[2]!;
    if (UNIT[word]) continue;
    const unit = longUnits.find((known) => isOneEditApart(word, known));
    if (unit) out.push({ value: Number(match[1]), unit: UNIT[unit]! });
  }
  for (const match of lower.matchAll(SPF)) out.push({ value: Number(match[1]), unit: 'spf' });
  for (const match of lower.matchAll(PACK_OF)) out.push({ value: Number(match[1]), unit: 'pack' });
  for (const match of lower.matchAll(TEMPERATURE))
    out.push({ value: match[1] !== undefined ? Number(match[1]) : -Number(match[2]), unit: 'c' });
  return out;
}

/** Bed sizes, the longer first: "twin xl" is not "twin", "california king" is not "king". */
const BED_SIZES = [
  'california king',
  'super king',
  'split king',
  'twin xl',
  'full xl',
  'twin',
  'full',
  'queen',
  'king',
];

/**
 * The bed size the buyer named, when the product is sold in bed sizes and not in that one ("percale sheets in
 * twin xl" of a set in Twin, Full, Queen, King).
 */
export function missingBedSize(reading: string, product: CatalogProduct): string | null {
  const values = new Set(
    product.variants.flatMap((variant) => variant.options.map((option) => fold(option.value).trim())),
  );
  if (BED_SIZES.filter((size) => values.has(size)).length < 2) return null;
  const text = ` ${fold(reading).replace(/[^\p{L}\d]+/gu, ' ')} `;
  const asked = BED_SIZES.find((size) => text.includes(` ${size} `));
  return asked && !values.has(asked) ? asked : null;
}

/**
 * "a double bed", "single duvet": the US bed sizes a store that sells Twin and Full means by them, when it does not
 * sell Single or Double under those names.
 */
export function bedSizesAsSold(text: string, values: string[]): string {
  const sold = new Set(values.map((value) => fold(value).trim()));
  let out = text;
  if (sold.has('full') && !sold.has('double'))
    out = out.replace(/\bdouble\b(?![\s-]*(?:xl|extra|check))/gi, 'full');
  if (sold.has('twin') && !sold.has('single'))
    out = out.replace(/\bsingle(?=[\s-]+(?:bed|duvet|mattress)\b)/gi, 'twin');
  return out;
}

/** Letter sizes spelled as the catalog spells them: "3XL" and "XXXL" are one size. */
function canonicalSize(size: string): string {
  const lower = size.toLowerCase();
  const counted = /^([2-6])(xl|xs)$/.exec(lower);
  return counted ? `${'x'.repeat(Number(counted[1]) - 1)}${counted[2]}` : lower;
}

/** Letter sizes the buyer named (two letters and more: a lone "s", "m" or "l" hides inside words). */
export function readLetterSizes(text: string): string[] {
  return [...text.toLowerCase().matchAll(SIZE_LETTERS)].map((match) => canonicalSize(match[1]!));
}

const productTexts = (product: CatalogProduct) => [
  product.title,
  product.productType,
  ...product.tags,
  ...product.variants.flatMap((variant) => variant.options.map((option) => option.value)),
];

/** The measures a product carries in its title, type, tags and option values. */
export function measuresOf(product: CatalogProduct): Measure[] {
  return productTexts(product).flatMap((text) => readMeasures(text));
}

export const carriesMeasure = (product: CatalogProduct, measure: Measure) =>
  measuresOf(product).some((own) => own.unit === measure.unit && own.value === measure.value);

/** Whether the product speaks of that unit at all (a tent's "2-Person", a sunscreen's "SPF 50"). */
export const hasUnit = (product: CatalogProduct, unit: string) =>
  measuresOf(product).some((own) => own.unit === unit);

/** How far the product's nearest measure of that unit is from the one asked (Infinity without the unit). */
export function distanceTo(product: CatalogProduct, measure: Measure): number {
  const values = measuresOf(product)
    .filter((own) => own.unit === measure.unit)
    .map((own) => Math.abs(own.value - measure.value));
  return values.length > 0 ? Math.min(...values) : Infinity;
}

/**
 * Attributes a buyer asks a product to have, that a catalog says in its titles and tags when a product has them:
 * diets and make. Materials are left out: a catalog often leaves a product's material unsaid. A word from this list that the product does not carry is an attribute it lacks.
 */
const ATTRIBUTES = [
  'vegan',
  'vegetarian',
  'organic',
  'gluten-free',
  'gluten free',
  'sugar-free',
  'sugar free',
  'dairy-free',
  'dairy free',
  'lactose-free',
  'lactose free',
  'keto',
  'halal',
  'kosher',
  'caffeine-free',
  'caffeine free',
  'decaf',
  'fragrance-free',
  'fragrance free',
  'cruelty-free',
  'cruelty free',
  'waterproof',
  'wireless',
  'cordless',
  'rechargeable',
  // Materials, shapes, forms and who it is for that a product line may not come in ("aluminium poles", "a round
  // rug", "glutamine capsules", "a puffer for kids").
  'aluminium',
  'aluminum',
  'titanium',
  'bamboo',
  'silk',
  'plastic',
  'round',
  'square',
  'oval',
  'capsules',
  'capsule',
  'tablets',
  'liquid',
  'hcl',
  'for kids',
  'for children',
  'for my son',
  'for my daughter',
  "kids'",
  "children's",
  'childrens',
  'kids size',
  'toddler',
];

const fold = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/-/g, ' ');

/** The attribute words of the list that the reading holds, longest first ("vegan leather" before "leather"). */
export function readAttributes(reading: string): string[] {
  const text = ` ${fold(reading).replace(/[^\p{L}\d' ]+/gu, ' ')} `;
  const found: string[] = [];
  for (const attribute of [...ATTRIBUTES].sort((a, b) => b.length - a.length)) {
    const word = fold(attribute);
    // Also in the plural ("kids sizes", "tablets"): the buyer's noun takes an s the list does not write.
    const said = text.includes(` ${word} `) || (!word.endsWith('s') && text.includes(` ${word}s `));
    if (said && !found.some((longer) => fold(longer).includes(word))) found.push(attribute);
  }
  return [...new Set(found.map(fold))];
}

export function carriesAttribute(product: CatalogProduct, attribute: string): boolean {
  const text = ` ${productTexts(product)
    .map((item) => fold(item).replace(/[^\p{L}\d' ]+/gu, ' '))
    .join(' ')} `;
  const word = fold(attribute);
  // "womens" for "women's" and the plural for the singular: compare without the s.
  return text.includes(` ${word} `) || text.includes(` ${word.replace(/'?s$/, '')} `);
}
