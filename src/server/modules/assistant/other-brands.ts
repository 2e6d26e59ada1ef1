/**
 * Well-known brands of the kinds of shop Voicecart serves (apparel, beauty, outdoor, home, sports nutrition), as
 * buyers write them. "got any le creuset dutch ovens" asks for a brand: a shop that does not carry it has not got
 * it, however well its own Dutch oven matches the rest of the words. Whether the shop carries it is decided by
 * the catalog (title, vendor, tags), never by this list; the list only says that a word is a brand and not a
 * description. Names that are also everyday words or first names ("gap", "coach", "purple", "prime", "the
 * ordinary", "stanley") are left out.
 * docs/decisions/071-other-brands-waist-and-leg-and-words-for-colours.md
 */
/**
 * Names as patterns ("hydro ?flask" for both spellings), split at "|" and joined into one alternation (so no space
 * next to a "|" inside a group); lines by kind of shop.
 */
const brands = `
nike|adidas|lululemon|patagonia|the north face|north face|columbia sportswear|arcteryx|arc'teryx|uniqlo|zara|h(?:&|\\s+and\\s+)m|
levis|levi's|wrangler|carhartt|dr martens|doc martens|birkenstocks?|crocs|uggs?|timberlands?|new balance|asics|hoka|
salomon|merrell|under armour|reebok|puma|ralph lauren|tommy hilfiger|calvin klein|gymshark|alo yoga|skims|
abercrombie|hollister|aritzia|allbirds|canada goose|moncler|fjallraven|fjällräven|osprey|yeti|hydro ?flask|
nalgene|camelbak|black diamond|thermarest|therm-a-rest|big agnes|jetboil|garmin|ray-?bans?|oakley|
cerave|la roche[ -]posay|cetaphil|glossier|fenty|rare beauty|charlotte tilbury|nars|maybelline|
l'oreal|loreal|clinique|estee lauder|drunk elephant|tatcha|neutrogena|olaplex|moroccanoil|kiehl's|kiehls|
sol de janeiro|summer fridays|laneige|urban decay|too faced|dior|chanel|ysl|sephora|paula's choice|supergoop|
huda beauty|morphe|nyx|revlon|aveeno|
le creuset|creuset|staub|all-?clad|caraway|hexclad|tefal|t-fal|calphalon|kitchenaid|instant pot|vitamix|nespresso|
keurig|dyson|ikea|brooklinen|tempur|yankee candle|bath (?:and|&) body works|diptyque|jo malone|smeg|breville|
zwilling|wusthof|wüsthof|pyrex|tupperware|simplehuman|
optimum nutrition|myprotein|gatorade|liquid i\\.?v|red bull|rxbar|clif|huel|garden of life|orgain|vital proteins|
athletic greens|ag1|bodyarmor|muscletech|dymatize|transparent labs|premier protein|fairlife|nuun
`
  .split(/\s*[|\n]\s*/)
  .filter(Boolean)
  .join('|');

const pattern = new RegExp(`(?<!\\b(?:my|our|his|her|their|mine)\\s+(?:old\\s+)?)\\b(?:${brands})(?![\\w'])`);

/** The well-known brand the buyer asks for by name, as written, or null. Not one they say they own ("my nike"). */
export function otherBrandNamed(reading: string): string | null {
  return pattern.exec(reading)?.[0] ?? null;
}
