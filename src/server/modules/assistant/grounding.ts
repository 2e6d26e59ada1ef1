/**
 * Every number, price, stock figure and link in a reply must come from the facts (the embedded
 * path) or the tool results (the LLM path). One checker for both: collect what the sources say, then list what
 * the reply states that they do not. Hardened (docs/decisions/012-assistant-pipeline.md): links are found by
 * host as well as by scheme, digits of any script are read as digits, and a price next to a product must be
 * that product's.
 */

// A link with a scheme, one starting "www.", or a bare host with a path or a known top-level domain.
const SCHEME_URL = /\bhttps?:\/\/[^\s<>()"']+[^\s<>()"'.,!?;:]/gi;
const HOST_URL =
  /(?<![\p{L}\p{N}@./-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?::\d{2,5})?(?:\/[^\s<>()"']*[^\s<>()"'.,!?;:])?/giu;
/** Top-level domains that make a bare "name.tld" a link even without a path. */
const COMMON_TLDS = new Set(
  'com net org io co shop store app me info biz xyz online site link ly gg us uk de fr es it pt br ca au nl eu ru cn in page top club example test'.split(
    ' ',
  ),
);
// Digits with optional thousands separators and decimals: "3", "49.00", "1,299.50".
const NUMBER_PATTERN = /\d+(?:[.,]\d+)*/g;

export interface GroundingSources {
  numbers: Set<string>;
  /** Allowed links as host + path (no scheme, lower-case host). */
  urls: Set<string>;
  /** Prices by product name (lower case), for "an amount next to a product is that product's price". */
  pricesByProduct: Map<string, Set<string>>;
}

/** NFKC, then every Unicode decimal digit as its ASCII digit ("$１" and "$١" read as "$1"). */
export function normaliseDigits(text: string): string {
  return text.normalize('NFKC').replace(/\p{Nd}/gu, (digit) => {
    if (/[0-9]/.test(digit)) return digit;
    const code = digit.codePointAt(0)!;
    let value = 0;
    while (value < 9 && /\p{Nd}/u.test(String.fromCodePoint(code - value - 1))) value += 1;
    return String(value);
  });
}

/** Canonical form of a number, so "49", "49.00" and "49,00" compare equal. */
export function canonicalNumber(raw: string): string {
  let text = raw;
  // "1,299.50" -> "1299.50"; a lone comma with two decimals ("49,00") is a decimal comma.
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replaceAll(',', '');
  else text = text.replace(',', '.');
  const value = Number(text);
  return Number.isFinite(value) ? String(value) : raw;
}

/** A link as compared: host lower case, no scheme, no "www.", no trailing slash. */
export function linkKey(url: string): string {
  const withoutScheme = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const slash = withoutScheme.indexOf('/');
  const host = (slash === -1 ? withoutScheme : withoutScheme.slice(0, slash)).toLowerCase();
  const rest = slash === -1 ? '' : withoutScheme.slice(slash);
  return `${host}${rest}`.replace(/\/$/, '');
}

/** Every link a text holds: with a scheme, "www.…", or a bare host with a path or a common top-level domain. */
export function findLinks(text: string): string[] {
  const normal = normaliseDigits(text);
  const found = [...(normal.match(SCHEME_URL) ?? [])];
  const rest = normal.replace(SCHEME_URL, ' ');
  for (const match of rest.matchAll(HOST_URL)) {
    const candidate = match[0];
    const host = candidate.replace(/^www\./i, '').split(/[/:]/)[0]!;
    const tld = host.split('.').at(-1)!.toLowerCase();
    if (/^www\./i.test(candidate) || candidate.includes('/') || COMMON_TLDS.has(tld)) found.push(candidate);
  }
  return found;
}

/** A text with its links taken out (catalog text is quoted without them). */
export function stripLinks(text: string): string {
  let out = text;
  for (const link of findLinks(text)) out = out.replace(link, ' ');
  return out
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.!?;:)])/g, '$1')
    .trim();
}

const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Ids, times and measurements are not facts a reply may quote: their digits would let an invented figure pass. */
const IGNORED_KEYS = new Set([
  'id',
  'variantId',
  'productId',
  'variant_id',
  'product_id',
  'asOf',
  'as_of',
  'latencyMs',
  'score',
  'eventKey',
  'conversationId',
]);
/** The only fields whose links a reply may carry: links the catalog built, and a product's own page. */
const LINK_KEYS = new Set(['link', 'url', 'productLink', 'checkout_url', 'links']);

function addNumbers(sources: GroundingSources, text: string) {
  const withoutUrls = normaliseDigits(text).replace(SCHEME_URL, ' ').replace(UUID_PATTERN, ' ');
  for (const number of withoutUrls.match(NUMBER_PATTERN) ?? []) sources.numbers.add(canonicalNumber(number));
}

/**
 * Walks the facts and tool results and collects their numbers, their links (from link fields only: a URL inside a
 * product title or description is not a source) and each product's prices.
 */
export function collectGroundingSources(values: unknown[]): GroundingSources {
  const sources: GroundingSources = { numbers: new Set(), urls: new Set(), pricesByProduct: new Map() };
  const visit = (value: unknown, depth: number, key: string | null) => {
    if (depth > 12 || value === null || value === undefined) return;
    if (typeof value === 'string') {
      if (key && LINK_KEYS.has(key)) {
        for (const link of findLinks(value)) sources.urls.add(linkKey(link));
        return;
      }
      addNumbers(
        sources,
        key === 'product' || key === 'title' || key === 'variant' ? stripLinks(value) : value,
      );
    } else if (typeof value === 'number' && Number.isFinite(value))
      sources.numbers.add(canonicalNumber(String(value)));
    else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1, key);
    else if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const title =
        typeof record.product === 'string'
          ? record.product
          : typeof record.title === 'string'
            ? record.title
            : null;
      if (title) {
        const prices = sources.pricesByProduct.get(title.toLowerCase()) ?? new Set<string>();
        const add = (price: unknown) => {
          if (typeof price === 'string' || typeof price === 'number')
            prices.add(canonicalNumber(String(price)));
        };
        add(record.price);
        if (Array.isArray(record.prices)) record.prices.forEach(add);
        if (Array.isArray(record.variants))
          for (const variant of record.variants as Record<string, unknown>[]) add(variant?.price);
        if (prices.size > 0) sources.pricesByProduct.set(title.toLowerCase(), prices);
      }
      for (const [childKey, item] of Object.entries(record))
        if (!IGNORED_KEYS.has(childKey)) visit(item, depth + 1, childKey);
    }
  };
  for (const value of values) visit(value, 0, null);
  return sources;
}

export type RefusalRule = 'link-not-from-catalog' | 'number-not-in-facts' | 'price-of-another-product';

export interface GroundingResult {
  grounded: boolean;
  /** What the reply states that no source does, e.g. ["number 12", "link https://…"]. */
  ungrounded: string[];
  /** Each refusal with the rule that refused it. */
  refusals: { rule: RefusalRule; detail: string }[];
}

const PRICE_PATTERN =
  /(?:[$€£]\s?|(?:usd|eur|gbp|ca\$|a\$)\s?)(\d+(?:[.,]\d+)*)|(\d+(?:[.,]\d+)*)\s?(?:[$€£]|usd|eur|gbp|dollars?|euros?)\b/gi;

export function checkGrounding(rawReply: string, sources: GroundingSources): GroundingResult {
  const reply = normaliseDigits(rawReply);
  const refusals: GroundingResult['refusals'] = [];
  const links = findLinks(reply);
  for (const link of links) {
    if (!sources.urls.has(linkKey(link)))
      refusals.push({ rule: 'link-not-from-catalog', detail: `link ${link}` });
  }
  let withoutUrls = reply;
  for (const link of links) withoutUrls = withoutUrls.replace(link, ' ');
  for (const number of withoutUrls.match(NUMBER_PATTERN) ?? []) {
    if (!sources.numbers.has(canonicalNumber(number)))
      refusals.push({ rule: 'number-not-in-facts', detail: `number ${number}` });
  }
  // A price in a sentence that names a product must be one of that product's prices.
  for (const sentence of withoutUrls.split(/(?<=[.!?])\s+|\n+/)) {
    const lower = sentence.toLowerCase();
    const named = [...sources.pricesByProduct.entries()].filter(([title]) => title && lower.includes(title));
    if (named.length === 0) continue;
    for (const match of sentence.matchAll(PRICE_PATTERN)) {
      const amount = canonicalNumber(match[1] ?? match[2]!);
      if (!named.some(([, prices]) => prices.has(amount)))
        refusals.push({
          rule: 'price-of-another-product',
          detail: `price ${match[0].trim()} next to ${named.map(([title]) => title).join(', ')}`,
        });
    }
  }
  return {
    grounded: refusals.length === 0,
    ungrounded: refusals.map((refusal) => refusal.detail),
    refusals,
  };
}
