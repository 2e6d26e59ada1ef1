import type { CatalogProduct, CatalogService, CatalogVariant } from './ports.ts';
import type { BasketItem, Facts, PricedOffer, Understanding } from './types.ts';

/** A stock check gets this long before the catalog answers from its mirror (the landing page promises an answer in under 5 s). */
const STOCK_DEADLINE_MS = 3000;

export interface FactsContext {
  catalog: CatalogService;
  brandId: string;
  conversationId: string | null;
}

/** The option name that still separates the candidate variants, with its values in the store's order. */
function findDistinguishingOption(variants: CatalogVariant[]): { name: string; values: string[] } | null {
  const names = variants[0]?.options.map((option) => option.name) ?? [];
  for (const name of names) {
    const values: string[] = [];
    for (const variant of variants) {
      const value = variant.options.find((option) => option.name === name)?.value;
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    if (values.length > 1) return { name, values };
  }
  return null;
}

async function priceOffer(
  context: FactsContext,
  product: CatalogProduct,
  variant: CatalogVariant,
  asked: number | null = null,
  withLink = true,
): Promise<PricedOffer> {
  const stock = await context.catalog.checkStock({
    brandId: context.brandId,
    variantId: variant.id,
    deadlineMs: STOCK_DEADLINE_MS,
  });
  // The store decides: a variant on backorder sells at 0; an untracked one has no figure.
  const canBuy = stock.availableForSale;
  // The link carries what was asked, capped at the stock on hand when the store tracks it (a backorder sells
  // what was asked).
  const wanted = asked ?? 1;
  const linked = stock.quantity !== null && stock.quantity > 0 ? Math.min(wanted, stock.quantity) : wanted;
  const link =
    canBuy && withLink
      ? (
          await context.catalog.checkoutLink({
            brandId: context.brandId,
            variantId: variant.id,
            quantity: linked,
            ...(context.conversationId ? { conversationId: context.conversationId } : {}),
          })
        ).url
      : null;
  return { product, variant, stock, link, asked, linked };
}

const isBuyable = (offer: PricedOffer) => offer.link !== null;

/** The nearest in-stock alternative: another variant of the product first, then a similar product. */
async function findAlternative(
  context: FactsContext,
  product: CatalogProduct,
  variant: CatalogVariant | null,
  asked: number | null = null,
): Promise<PricedOffer | null> {
  const alternatives = await context.catalog.listAlternatives({
    brandId: context.brandId,
    productId: product.id,
    ...(variant ? { variantId: variant.id } : {}),
    limit: 3,
  });
  for (const alternative of alternatives) {
    for (const variantId of alternative.variantIds.slice(0, 3)) {
      const candidate = alternative.product.variants.find((item) => item.id === variantId);
      if (!candidate || candidate.id === variant?.id) continue;
      const offer = await priceOffer(context, alternative.product, candidate, asked);
      if (isBuyable(offer)) return offer;
    }
  }
  return null;
}

/** The first of the candidate variants that can be bought, priced with its link. */
async function firstBuyable(
  context: FactsContext,
  product: CatalogProduct,
  candidates: CatalogVariant[],
  asked: number | null,
): Promise<PricedOffer | null> {
  for (const variant of candidates.filter((item) => item.availableForSale).slice(0, 3)) {
    const offer = await priceOffer(context, product, variant, asked);
    if (isBuyable(offer)) return offer;
  }
  return null;
}

/**
 * The live facts for what the buyer asked. Ambiguous -> one question listing the options; several
 * variants still possible -> ask the option that separates them (a price they share is answered directly);
 * one variant -> live stock, a checkout link when it can be bought, else the nearest in-stock alternative.
 */
export async function gatherFacts(context: FactsContext, understanding: Understanding): Promise<Facts> {
  const { intent, selection, quantity } = understanding;
  if (intent === 'human' || intent === 'complaint' || intent === 'order_status') return { kind: 'hand_off' };
  const asksAboutProducts = intent === 'availability' || intent === 'price' || intent === 'options';
  if (understanding.items && understanding.items.length >= 2 && (asksAboutProducts || intent === 'other')) {
    const basket = await gatherBasket(context, understanding.items);
    if (basket) return basket;
  }
  if (selection.kind === 'none')
    return asksAboutProducts || understanding.lacksKind
      ? { kind: 'not_sold', lacking: null, alternative: null }
      : { kind: 'none' };
  if (selection.kind === 'ambiguous')
    return { kind: 'ask_product', choices: selection.products.map((product) => product.title) };
  if (!asksAboutProducts && intent !== 'other') return { kind: 'none' };

  const { product } = selection;
  const candidates = selection.variantIds
    .map((id) => product.variants.find((variant) => variant.id === id))
    .filter((variant): variant is CatalogVariant => variant !== undefined);
  if (candidates.length === 0) return { kind: 'not_sold', lacking: null, alternative: null };
  if (understanding.lacking) {
    // We do not sell what was asked ("purple", "a 6-pack"): say so, and offer the closest thing we do sell,
    // said as an alternative: another variant of the same product first, then a similar product.
    const own = await firstBuyable(context, product, candidates, quantity);
    return {
      kind: 'not_sold',
      // A kind we do not sell is said as such ("we don't carry that"), not as an option of the closest one.
      lacking: understanding.lacksKind ? null : understanding.lacking,
      alternative: own ?? (await findAlternative(context, product, null, quantity)),
    };
  }

  if (candidates.length > 1) {
    const sharedPrice = candidates.every((variant) => variant.price === candidates[0]!.price);
    if (intent === 'price' && sharedPrice) {
      return { kind: 'price', offer: await priceOffer(context, product, candidates[0]!, quantity) };
    }
    const option = findDistinguishingOption(candidates);
    if (option) return { kind: 'ask_variant', product, optionName: option.name, choices: option.values };
  }

  const variant = candidates[0]!;
  const offer = await priceOffer(context, product, variant, quantity);
  if (intent === 'price') return { kind: 'price', offer };
  if (isBuyable(offer)) return { kind: 'in_stock', offer };
  return {
    kind: 'out_of_stock',
    product,
    variant,
    stock: offer.stock,
    alternative: await findAlternative(context, product, variant, quantity),
  };
}

/**
 * Several items in one message: each variant's live stock, then one link carrying every item that can be bought
 * with its count (capped at the stock on hand). Null when none can be bought: the one-product answer says so.
 */
async function gatherBasket(context: FactsContext, items: BasketItem[]): Promise<Facts | null> {
  const offers: PricedOffer[] = [];
  const soldOut: PricedOffer[] = [];
  for (const item of items) {
    const variant = item.product.variants.find((candidate) => candidate.id === item.variantId);
    if (!variant) return null;
    const offer = await priceOffer(context, item.product, variant, item.quantity, false);
    if (offer.stock.availableForSale) offers.push(offer);
    else soldOut.push(offer);
  }
  if (offers.length === 0) return null;
  const { url } = await context.catalog.basketLink({
    brandId: context.brandId,
    items: offers.map((offer) => ({ variantId: offer.variant.id, quantity: offer.linked })),
    ...(context.conversationId ? { conversationId: context.conversationId } : {}),
  });
  for (const offer of offers) offer.link = url;
  return { kind: 'in_stock', offer: offers[0]!, basket: { offers, soldOut, link: url } };
}
