/**
 * Every number, price, stock figure and link in a reply must come from the facts (the embedded
 * path) or the tool results (the LLM path). One checker for both: collect what the sources say, then list what
 * the reply states that they do not.
 */

const URL_PATTERN = /https?:\/\/[^\s<>()"']+[^\s<>()"'.,!?;:]/gi;
// Digits with optional thousands separators and decimals: "3", "49.00", "1,299.50".
const NUMBER_PATTERN = /\d+(?:[.,]\d+)*/g;

export interface GroundingSources {
  numbers: Set<string>;
  urls: Set<string>;
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

function addText(sources: GroundingSources, text: string) {
  for (const url of text.match(URL_PATTERN) ?? []) sources.urls.add(url);
  const withoutUrls = text.replace(URL_PATTERN, ' ').replace(UUID_PATTERN, ' ');
  for (const number of withoutUrls.match(NUMBER_PATTERN) ?? []) sources.numbers.add(canonicalNumber(number));
}

/** Walks any data (facts, tool results, brand-written texts) and collects the numbers and links it contains. */
export function collectGroundingSources(values: unknown[]): GroundingSources {
  const sources: GroundingSources = { numbers: new Set(), urls: new Set() };
  const visit = (value: unknown, depth: number) => {
    if (depth > 12 || value === null || value === undefined) return;
    if (typeof value === 'string') addText(sources, value);
    else if (typeof value === 'number' && Number.isFinite(value))
      sources.numbers.add(canonicalNumber(String(value)));
    else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) if (!IGNORED_KEYS.has(key)) visit(item, depth + 1);
    }
  };
  for (const value of values) visit(value, 0);
  return sources;
}

export interface GroundingResult {
  grounded: boolean;
  /** What the reply states that no source does, e.g. ["number 12", "link https://…"]. */
  ungrounded: string[];
}

export function checkGrounding(reply: string, sources: GroundingSources): GroundingResult {
  const ungrounded: string[] = [];
  for (const url of reply.match(URL_PATTERN) ?? []) {
    if (!sources.urls.has(url)) ungrounded.push(`link ${url}`);
  }
  const withoutUrls = reply.replace(URL_PATTERN, ' ');
  for (const number of withoutUrls.match(NUMBER_PATTERN) ?? []) {
    if (!sources.numbers.has(canonicalNumber(number))) ungrounded.push(`number ${number}`);
  }
  return { grounded: ungrounded.length === 0, ungrounded };
}
