/**
 * How many the buyer wants, read from the DM after the lexicon has put it in English words ("dos" -> "two"):
 * digits, number words, "a couple of", "x2", "qty 3", "3 pairs". A number that is a size, a volume, a pack size,
 * a price or an order number is not a quantity. docs/decisions/037-quantities-and-follow-up-state.md
 */

const numberWords: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  dozen: 12,
  'a dozen': 12,
  'half a dozen': 6,
  'a couple of': 2,
  'a couple': 2,
  couple: 2,
  both: 2,
  // "one" is the quantity a link carries anyway; read so "one of each" and "one more" are not misread.
  one: 1,
  a: 1,
};

export interface QuantityMention {
  value: number;
  /** Position in the text, so a caller can tell which product it sits next to. */
  index: number;
  /** Said with a counting word ("pairs", "x", "of", "units"): a quantity even when a size has the same number. */
  explicit: boolean;
  raw: string;
}

const MAX_QUANTITY = 99;

// Before a number: a size, an order or a price; after it: a unit, a pack size, a decimal, a time.
const notQuantityBefore =
  /(?:size|sz|uk|us|eu|waist|length|inseam|#|no\.?|number|order|spf|\$|€|£|usd|eur|gbp|x\d*|\d[.,])\s*$/;
const notQuantityAfter =
  /^\s*(?:ml|l\b|ltr|litre|liter|g\b|gr|grams?|kg|kilos?|oz|lb|lbs|pounds?|cm|mm|inch|inches|in\b(?=\s*(?:$|[^\sa-z]))|ft|feet|foot|qt|quarts?|-?\s*(?:person|persons|people|ppl|pax|man|seater|wick|piece|burner|tier|layer|shelf|drawer|door|ply)\b|%|-?\s*pack\b|-?\s*pk\b|[.,]\d|x\s*\d|\/|€|\$|£|usd|eur|am\b|pm\b|h\b|hrs?|hours?|days?|weeks?|months?|years?|yo\b|min|servings?|caps(?:ules)?|tabs?|st\b|nd\b|rd\b|th\b|-\d|\+|k\b|euros?|dollars?|bucks|pounds|waist|inseam|long\b|wide\b|tall\b)/;
const countingAfter =
  /^\s*(?:x\b|pcs|pieces?|units?|pairs?|of\b|each|more|bottles?|tubs?|bags?|boxes?|sets?|jars?)\b/;

// "make it 2", "change that to 3": a count whatever the product's sizes (a 2-Person tent).
const countingBefore = /\b(?:make (?:it|that|them|mine)|change (?:it|that|them) to|up (?:it|that) to)\s*$/;

const units = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const tens = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const wordPattern = new RegExp(
  `\\b(${Object.keys(numberWords)
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/ /g, '\\s+'))
    .join('|')})(?:(?<=${tens.join('|')})(?:\\s*-\\s*|\\s+(?:and\\s+)?)(${units.join('|')}))?\\b`,
  'g',
);

/** The text quantities are read in, and their positions counted in. */
const countingText = (englishText: string) =>
  englishText
    .toLowerCase()
    .normalize('NFKC')
    // "can i order too of the straps": "two", typed as it sounds.
    .replace(/\btoo(?= of (?:the|those|these|them)\b)/g, 'two');

/** Two two-digit numbers joined by "x" ("32 x 32", "18 x 18"): a size, and no count inside it. */
const dimensionPattern = /\b\d{2}\s*[x×]\s*\d{2}\b/g;

/** Every quantity the text states, in order. */
export function findQuantities(englishText: string): QuantityMention[] {
  const text = countingText(englishText);
  const out: QuantityMention[] = [];
  const dimensions = [...text.matchAll(dimensionPattern)];
  const inDimension = (index: number) =>
    dimensions.some((dimension) => index >= dimension.index && index < dimension.index + dimension[0].length);
  // "x2", "2x", "qty 2", "qty: 2", "×3".
  for (const match of text.matchAll(/(?:\bqty:?\s*|\bquantity:?\s*|(?<![\w.])[x×]\s?)(\d{1,3})\b/g)) {
    if (inDimension(match.index)) continue;
    out.push({ value: Number(match[1]), index: match.index, explicit: true, raw: match[0] });
  }
  for (const match of text.matchAll(/(?<![\w.,#$€£/-])(\d{1,3})(?:\s?[x×]\b)?(?![\d.,]\d)/g)) {
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    const after = text.slice(match.index + match[1]!.length, match.index + match[1]!.length + 16);
    if (/(?:qty:?|quantity:?|[x×])\s?$/.test(before)) continue; // read above
    if (inDimension(match.index)) continue;
    // "order 25 of the totes" is a count; "order 4471" is an order number.
    if (notQuantityBefore.test(before) && !(/(?:order|number)\s*$/.test(before) && countingAfter.test(after)))
      continue;
    if (/^\s?[x×]\b/.test(after)) {
      out.push({ value: Number(match[1]), index: match.index, explicit: true, raw: match[0] });
      continue;
    }
    if (notQuantityAfter.test(after)) continue;
    out.push({
      value: Number(match[1]),
      index: match.index,
      explicit: countingAfter.test(after) || countingBefore.test(before),
      raw: match[0],
    });
  }
  // "one each for me and my 2 sisters": the people counted, the buyer too when named.
  for (const match of text.matchAll(
    /\bone each for (me (?:and|n|&|\+) )?(?:my |our |the )?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b/g,
  )) {
    const people = /^\d+$/.test(match[2]!) ? Number(match[2]) : numberWords[match[2]!]!;
    out.push({ value: people + (match[1] ? 1 : 0), index: match.index, explicit: true, raw: match[0] });
  }
  // "the women's one for me and my mum": one each for the two of them.
  for (const match of text.matchAll(
    /\bfor (?:me|myself) (?:and|n|&|\+) (?:my|our) (?:mum|mom|mother|mam|mama|dad|father|sister|sis|brother|bro|wife|husband|hubby|partner|bf|gf|boyfriend|girlfriend|friend|bestie|best friend|daughter|son|cousin|aunt|auntie|uncle|grandma|nan|nana|grandpa|roommate|flatmate)\b/g,
  ))
    out.push({ value: 2, index: match.index, explicit: true, raw: match[0] });
  // "one for me and one for my sister": two of the same.
  for (const match of text.matchAll(/\bone (?:for|4) [\w' ]{1,20}? (?:and|&|\+) one (?:for|4)\b/g))
    out.push({ value: 2, index: match.index, explicit: true, raw: match[0] });
  for (const match of text.matchAll(wordPattern)) {
    const word = match[1]!.replace(/\s+/g, ' ');
    // "twenty five", "twenty-five", "vinte e cinco" (the lexicon's "twenty and five"): the tens and the units.
    const value = numberWords[word]! + (match[2] ? numberWords[match[2]]! : 0);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 16);
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    if (value === 1) {
      // "a" and "one" are quantities only before "pair"/"of": they matter when another number is about sizes.
      if (!/^\s*(?:pair|of\b)/.test(after) || word === 'a') continue;
    }
    // "order fifteen of …": a number in words is never an order number.
    if (
      (notQuantityBefore.test(before) && !/(?:order|number)\s*$/.test(before)) ||
      /^\s*(?:-?\s*pack\b|ml|g\b|oz)/.test(after)
    )
      continue;
    // "size nine" is a size; "one size" is a size name.
    if (/^\s*size\b/.test(after) && value === 1) continue;
    out.push({ value, index: match.index, explicit: true, raw: match[0] });
  }
  return out
    .filter((mention) => mention.value >= 1 && mention.value <= MAX_QUANTITY)
    .sort((a, b) => a.index - b.index);
}

/**
 * The quantity for the product asked about: the first mention that is not one of the product's own option values
 * (a bare "9" where the shoe comes in 9 is the size), or null when the buyer stated none.
 */
export function readQuantity(englishText: string, optionNumbers: Set<string> = new Set()): number | null {
  // The text the mentions' positions are in.
  const text = countingText(englishText);
  const mentions = findQuantities(englishText).filter(
    (mention) => mention.explicit || !optionNumbers.has(String(mention.value)),
  );
  // "me and my 3 roommates … so 4 total": the total said is the count.
  const total = mentions.find((mention) =>
    /^\s*(?:in\s+)?(?:total|altogether|all together|overall)\b/.test(
      text.slice(mention.index + mention.raw.length),
    ),
  );
  return (total ?? mentions[0])?.value ?? null;
}

/** A pack size the buyer asks for ("6-pack", "pack of 12", "box of 6"), or null. */
export function readPackSize(englishText: string): number | null {
  const text = englishText.toLowerCase();
  const match =
    /\b(\d{1,3})\s*-?\s*(?:pack|pk|count|ct)\b/.exec(text) ??
    /\b(?:pack|box|case|set|bundle) of (\d{1,3})\b/.exec(text) ??
    /\b(two|three|four|five|six|eight|ten|twelve)\s*-?\s*pack\b/.exec(text);
  if (!match) return null;
  const raw = match[1]!;
  return /^\d+$/.test(raw) ? Number(raw) : (numberWords[raw] ?? null);
}
