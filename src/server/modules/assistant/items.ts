import type { CatalogProduct, CatalogService, FindProductsResult } from './ports.ts';
import { findQuantities, readQuantity } from './quantities.ts';
import type { BasketItem } from './types.ts';
import { expandShorthand, namesAnotherProduct, normaliseText, readNamedOptions } from './understanding.ts';

/**
 * Several things asked in one message, each with its own count ("2 of the serum and a cleanser", "2 caps in navy
 * and 1 khaki", "3 lip balms: berry, clear and coral"). The message is read in parts split at "and", commas and
 * "plus" (the lexicon has already put "y", "et", "und", "e" as "and"); each part names a product of its own or,
 * failing that, another option of the product before it. It is a basket only when at least two parts each settle
 * on exactly one variant; anything less is left to the one-product reading, which asks what is missing.
 */

const SPLIT = /\s*(?:,|;|\+|\band\b|\bplus\b|\bas well as\b|\balso\b)\s*/;
/**
 * A part that starts with a count ("2 …", "two …", "a …", "one …") or names one thing ("can i get the linen apron
 * in terracotta") reads as an item of its own.
 */
const STARTS_WITH_COUNT =
  /^(?:i(?:'d| would)? (?:want|need|like|take)\s+|can i (?:get|have)\s+|get\s+|and\s+)?(?:\d{1,2}\b|x\d|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a pair of)\s|^(?:i(?:'d| would)? (?:want|need|like|take)|can i (?:get|have)|do you have|(?:and )?(?:also )?)\s*the \S+ \S+/;
const MAX_ITEMS = 6;

const optionNumbersOf = (product: CatalogProduct) =>
  new Set(
    [
      ...product.variants.flatMap((variant) => variant.options.map((option) => option.value)),
      product.title,
    ].flatMap((text) => [...text.matchAll(/\d+(?:\.\d+)?/g)].map((match) => String(Number(match[0])))),
  );

/** The variants of a product that a part of the message names: its named options, within what the search read. */
function variantsNamed(product: CatalogProduct, part: string, searched: string[] | null): string[] {
  const named = readNamedOptions(product, part);
  let ids = product.variants.map((variant) => variant.id);
  for (const [name, values] of Object.entries(named)) {
    if (values.length === 0) return [];
    const next = product.variants
      .filter((variant) => ids.includes(variant.id))
      .filter((variant) =>
        variant.options.some((option) => option.name === name && values.includes(option.value)),
      )
      .map((variant) => variant.id);
    ids = next;
  }
  if (searched) {
    const both = ids.filter((id) => searched.includes(id));
    if (both.length > 0) ids = both;
  }
  return ids;
}

/** Whether a part names any option of the product ("khaki", "600ml", "size 9"). */
const namesOption = (product: CatalogProduct, part: string) =>
  Object.values(readNamedOptions(product, part)).some((values) => values.length > 0);

/** A product's title or option value with "and" in it ("Salt and Pepper"): the message is not split there. */
function hasJoinedName(product: CatalogProduct, reading: string): boolean {
  const texts = [
    product.title,
    ...product.variants.flatMap((variant) => variant.options.map((o) => o.value)),
  ];
  return texts.some((text) => {
    const plain = normaliseText(text);
    return SPLIT.test(plain) && reading.includes(plain);
  });
}

export async function readItems(input: {
  catalog: CatalogService;
  brandId: string;
  reading: string;
  /** The one-product reading's product, when there was one: the first part usually names it. */
  first: CatalogProduct | null;
}): Promise<BasketItem[] | null> {
  const reading = normaliseText(input.reading).trim();
  const parts = reading
    .split(SPLIT)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > MAX_ITEMS) return null;
  // Cheap first look: at least two parts that read as items (a count first, or an option of the product).
  const itemLike = parts.filter(
    (part) => STARTS_WITH_COUNT.test(part) || (input.first !== null && namesOption(input.first, part)),
  );
  if (itemLike.length < 2) return null;
  if (input.first && hasJoinedName(input.first, reading)) return null;

  const items: BasketItem[] = [];
  let previous: CatalogProduct | null = null;
  // "gel nail polish x2, one cherry red and one nude": a first part naming only the product heads the items of it
  // that follow; its count is their number.
  let header: { product: CatalogProduct; quantity: number | null } | null = null;
  for (const part of parts) {
    let product: CatalogProduct | null = null;
    let searched: string[] | null = null;
    const found: FindProductsResult = await input.catalog.findProducts({
      brandId: input.brandId,
      text: expandShorthand(part),
      limit: 3,
    });
    const best = found.outcome === 'match' ? found.matches[0] : undefined;
    // A part naming an option of the product before it is another of that product ("and 1 khaki"), unless it names
    // a product of its own outright.
    if (
      previous &&
      namesOption(previous, part) &&
      !(
        best &&
        best.product.id !== previous.id &&
        // "2 of the tea towels in sage stripe" after an apron in Sage: words only the towels' name has.
        (best.score >= 0.75 || namesAnotherProduct(part, best.product, previous))
      )
    )
      product = previous;
    else if (best) {
      product = best.product;
      searched = best.variantIds;
    }
    if (!product) return null;
    if (hasJoinedName(product, reading)) return null;
    const variantIds = variantsNamed(product, part, searched);
    if (variantIds.length > 1 && items.length === 0 && !header && !namesOption(product, part)) {
      header = { product, quantity: readQuantity(part, optionNumbersOf(product)) };
      previous = product;
      continue;
    }
    if (variantIds.length !== 1) return null;
    const quantity = readQuantity(part, optionNumbersOf(product));
    items.push({ product, variantId: variantIds[0]!, quantity });
    previous = product;
  }
  if (items.length < 2) return null;
  if (header && !items.every((item) => item.product.id === header.product.id)) return null;
  if (header && header.quantity !== null && header.quantity !== items.length) return null;
  // The same variant twice is one item asked twice over, not a basket.
  if (new Set(items.map((item) => item.variantId)).size !== items.length) return null;
  // "3 lip balms: berry, clear and coral": a leading count that is the number of items is one of each.
  const [head, ...rest] = items;
  if (
    head &&
    head.quantity === items.length &&
    rest.every((item) => item.quantity === null && item.product.id === head.product.id) &&
    findQuantities(reading).length === 1
  )
    head.quantity = null;
  return items;
}
