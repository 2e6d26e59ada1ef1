import type { CatalogProduct, CatalogService, FindProductsResult } from './ports.ts';
import type { HistoryTurn, Intent, ProductSelection, Understanding } from './types.ts';

/** Lower case, accents and repeated letters folded ("pleeease" -> "pleease"), so typos and slang match. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
}

// Ordered: the first intent whose pattern matches wins, so the most consequential (a person, a complaint)
// are checked before the everyday ones. Patterns accept common typos and slang seen in DMs.
const intentPatterns: [Intent, RegExp][] = [
  [
    'human',
    /\b(real (person|human)|a (person|human)|an? (agent|rep|representative)|talk(ing)? to (someone|somebody|a|an|the|your|real|actual)|speak(ing)? (to|with) (someone|somebody|a|an|the|your)|human (please|pls|plz)|customer (service|support)|not a (bot|robot)|are you a (bot|robot)|stop (the )?bot|manager|live (chat|agent|person)|someone real|(any ?one|any ?body) (real|there|human)|call me|phone (number|call))\b/,
  ],
  [
    'complaint',
    /\b(terrible|awful|horrible|worst|disgusting|unacceptable|ridiculous|scam|scammed|fraud|rip ?off|furious|angry|pissed|never (arrived|came|received)|still (haven'?t|not|hasn'?t) (got|gotten|received|arrived|come)|broken|damaged|ripped|torn|wrong (item|size|order)|refund (now|me)|want (my|a) refund|complain(t)?|disappointed|fed up|waste of)\b|😡|🤬|😤/u,
  ],
  [
    'order_status',
    /\b(my order|order (number|status|#)|order ?#? ?\d{3,}|where('?s| is) my|track(ing)?( number| my| it)?|has (it|my \w+) (shipped|been sent)|when will (it|my \w+) (arrive|ship|come)|did (it|my \w+) ship|delivery status)\b/,
  ],
  [
    'shipping_returns',
    /\b(ship(ping)?|deliver(y|ies)?|postage|send (it )?to|international|abroad|overseas|return(s|ing)?|exchange|refund(s)?|money back|how long (does|will|to)|arrive by|customs)\b/,
  ],
  [
    'price',
    /\b(price|prices|pricing|cost(s)?|how much|how mch|hw much|how mutch|\$|€|£|usd|eur|cheap|expensive|discount|sale price|on sale|promo|coupon)\b|\$|€|£/,
  ],
  [
    'options',
    /\b(what (sizes?|colou?rs?)|which (sizes?|colou?rs?)|sizes? (do you have|available|left|come in)|colou?rs? (do you have|available|come in)|come in (other|any|more|different)|other colou?rs?|other sizes?|size chart|sizing|fits? (true|small|large|big)|run(s)? (small|large|big))\b/,
  ],
  [
    'availability',
    /\b(in stock|in stok|instock|available|availible|avail|avalible|availabe|sold out|soldout|restock|back in|do (you|u|ya) (have|hav|got|sell|carry|stock)|(have|hav|got) (it|any|one|this|that|the)|any left|still (have|got|there|available)|can i (get|buy|order|grab|cop)|i (want|need|wanna|would like|'d like)|looking for|lookin for|where can i buy|how (do|can) i (buy|order)|is (it|this|that|the)\b.*\b(available|in stock|left)|link|checkout|buy|cop|grab one)\b/,
  ],
  [
    'thanks',
    /^(thanks|thank you|thank u|thx|ty|tysm|cheers|perfect|great|awesome|amazing|love it|ok(ay)? thanks?|got it)\b(?:[\s!.,:)]|❤️|🙏|💕|😍|👍)*$|^(🙏|❤️|👍|😍)+$/u,
  ],
  [
    'greeting',
    /^(hi|hey|hello|helo|hii|heyy|yo|hiya|good (morning|afternoon|evening)|gm|sup|what'?s up)\b[\s!.,:)👋😊]*$|^👋+$/u,
  ],
];

/** The buyer's intent, from the words alone. A product named with no other cue is "availability". */
export function classifyIntent(text: string, mentionsProduct: boolean): Intent {
  const normalised = normaliseText(text).trim();
  for (const [intent, pattern] of intentPatterns) {
    if (pattern.test(normalised)) return intent;
  }
  if (/\b(size|colou?r|small|medium|large|x?xs|x?xl|xxl)\b/.test(normalised) && mentionsProduct)
    return 'availability';
  if (/[?]/.test(normalised) && mentionsProduct) return 'availability';
  return mentionsProduct ? 'availability' : 'other';
}

// Colour and size shorthand seen in DMs, read as the full word before options are matched.
const shorthand: [RegExp, string][] = [
  [/\b(blk|blck|bk)\b/g, 'black'],
  [/\b(wht|whte|wite)\b/g, 'white'],
  [/\b(gry|gray)\b/g, 'grey'],
  [/\b(nvy)\b/g, 'navy'],
  [/\b(sm|sml)\b/g, 'small'],
  [/\b(med|meduim)\b/g, 'medium'],
  [/\b(lrg|lg)\b/g, 'large'],
];

export function expandShorthand(text: string): string {
  return shorthand.reduce((result, [pattern, word]) => result.replace(pattern, word), normaliseText(text));
}

const squash = (text: string) => normaliseText(text).replace(/\s+/g, '');

/**
 * Keeps the candidate variants whose option values the buyer wrote out (e.g. a shade, a scent, "50 ml", "M/L"),
 * one option at a time, never narrowing to nothing. The catalog's search reads sizes and colours; this also reads
 * any other option the product has. Single letters are left to the catalog (they hide inside words).
 */
export function narrowByNamedOptions(product: CatalogProduct, variantIds: string[], text: string): string[] {
  const said = ` ${squash(expandShorthand(text)).replace(/[^\p{L}\p{N}/.%-]+/gu, ' ')} `;
  const spaced = ` ${expandShorthand(text).replace(/[^\p{L}\p{N}/.%'-]+/gu, ' ')} `;
  let candidates = variantIds;
  const optionNames = [
    ...new Set(product.variants.flatMap((variant) => variant.options.map((option) => option.name))),
  ];
  for (const name of optionNames) {
    const values = [
      ...new Set(
        product.variants.flatMap((variant) =>
          variant.options.filter((option) => option.name === name).map((option) => option.value),
        ),
      ),
    ];
    const named = values.filter((value) => {
      const plain = normaliseText(value);
      if (plain.replace(/\s+/g, '').length < 2) return false;
      const escaped = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(`[^\\p{L}\\p{N}']${escaped}[^\\p{L}\\p{N}']`, 'u').test(spaced)) return true;
      // "50ml" for "50 ml": compare without spaces, with no digit or letter glued on either side.
      const tight = squash(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return /\d/.test(tight) && new RegExp(`[^\\p{L}\\p{N}]${tight}[^\\p{L}\\p{N}]`, 'u').test(said);
    });
    if (named.length === 0) continue;
    // The longest named value wins ("heather grey" over "grey"), as the buyer wrote the fuller name.
    const longest = named
      .sort((a, b) => b.length - a.length)
      .filter(
        (value, _index, all) =>
          !all.some((other) => other !== value && normaliseText(other).includes(normaliseText(value))),
      );
    const kept = candidates.filter((id) => {
      const variant = product.variants.find((item) => item.id === id);
      return variant?.options.some((option) => option.name === name && longest.includes(option.value));
    });
    if (kept.length > 0) candidates = kept;
  }
  return candidates;
}

/** A follow-up that names only an option ("and in blue?", "what about L") refers to the last product. */
function looksLikeFollowUp(text: string, search: FindProductsResult): boolean {
  if (search.requestedOptions.length > 0) return true;
  return (
    /^\s*(and|what about|how about|in|also|or|ok and|the other)\b/i.test(text) ||
    /\b(it|that one|this one|them)\b/i.test(text)
  );
}

/**
 * The product the buyer means: the catalog's search over the message, or, for a follow-up with no product of
 * its own, the last product of the conversation searched again with the new message's options.
 */
export async function resolveProduct(input: {
  catalog: CatalogService;
  brandId: string;
  text: string;
  history: HistoryTurn[];
  search: FindProductsResult;
}): Promise<ProductSelection> {
  const { catalog, brandId, text, history, search } = input;
  if (search.outcome === 'match' && search.matches[0]) {
    const [best] = search.matches;
    const variantIds = narrowByNamedOptions(best.product, best.variantIds, text);
    return {
      kind: 'product',
      product: best.product,
      variantIds,
      requestedOptions: search.requestedOptions,
      fromHistory: false,
    };
  }
  if (search.outcome === 'ambiguous') {
    return { kind: 'ambiguous', products: search.matches.map((match) => match.product) };
  }
  if (!looksLikeFollowUp(text, search)) return { kind: 'none' };
  const last = await findLastProduct(catalog, brandId, history);
  if (!last) return { kind: 'none' };
  // The new message's options replace the same kind of option from before ("M navy" then "and in black?" -> M black).
  const newNames = new Set(search.requestedOptions.map((option) => option.name));
  const carried = last.requestedOptions.filter(
    (option) => option.name === 'other' || !newNames.has(option.name),
  );
  const options = [...carried, ...search.requestedOptions].map((option) => option.value).join(' ');
  const combined = await catalog.findProducts({ brandId, text: `${last.title} ${options}`.trim() });
  const best = combined.matches.find((match) => match.product.title === last.title) ?? combined.matches[0];
  if (!best) return { kind: 'none' };
  // Earlier options first, then the new message's: the later one wins where they name the same option.
  const narrowed = narrowByNamedOptions(
    best.product,
    narrowByNamedOptions(best.product, best.variantIds, `${last.text}`),
    text,
  );
  return {
    kind: 'product',
    product: best.product,
    variantIds: narrowed.length > 0 ? narrowed : best.variantIds,
    requestedOptions: combined.requestedOptions,
    fromHistory: true,
  };
}

/** The most recent product the buyer named in the conversation (newest first), with the options they gave. */
async function findLastProduct(
  catalog: CatalogService,
  brandId: string,
  history: HistoryTurn[],
): Promise<{ title: string; text: string; requestedOptions: FindProductsResult['requestedOptions'] } | null> {
  const recent = history
    .filter((turn) => turn.sender === 'customer')
    .slice(-6)
    .reverse();
  for (const turn of recent) {
    const found = await catalog.findProducts({ brandId, text: turn.content, limit: 3 });
    if (found.outcome === 'match' && found.matches[0])
      return {
        title: found.matches[0].product.title,
        text: turn.content,
        requestedOptions: found.requestedOptions,
      };
  }
  return null;
}

export async function understand(input: {
  catalog: CatalogService;
  brandId: string;
  text: string;
  history: HistoryTurn[];
  search: FindProductsResult;
}): Promise<Understanding> {
  const selection = await resolveProduct(input);
  const intent = classifyIntent(input.text, selection.kind !== 'none');
  return { intent, selection };
}
