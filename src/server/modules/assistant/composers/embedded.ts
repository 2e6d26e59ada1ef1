import { createHash } from 'node:crypto';
import type { Facts, HistoryTurn, Intent, Personality, PricedOffer } from '../types.ts';
import { archetypeFlavours, readBrandVoice, toneProfiles, type BrandVoice } from './voice.ts';

/** A reply as parts; the output guard may drop the optional ones to fit 1,000 bytes. */
export interface ReplyPart {
  text: string;
  essential: boolean;
}

export interface ComposeInput {
  facts: Facts;
  intent: Intent;
  personality: Personality;
  brandName: string;
  /** Seeds the choice of phrasing: the same event always gets the same words. */
  seed: string;
  history: HistoryTurn[];
  /** The first automated reply in the conversation says it is automated (brand setting). */
  discloseAutomation: boolean;
}

export interface ComposedReply {
  parts: ReplyPart[];
  opening: string | null;
}

function hashToInt(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0);
}

function fill(template: string, values: Record<string, string>): string {
  // A product with one variant is called just by its name ("Default Title" reads badly).
  let text = template;
  if (values.variant === '') text = text.replace(/ in \{variant\}| \(\{variant\}\)/g, '');
  if (values.altVariant === '') text = text.replace(/ in \{altVariant\}| \(\{altVariant\}\)/g, '');
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Formats a store price as it is (its digits untouched), with the usual symbol for common currencies. */
export function formatPrice(price: string, currency: string): string {
  const symbols: Record<string, string> = { USD: '$', CAD: 'CA$', AUD: 'A$', EUR: '€', GBP: '£' };
  const symbol = symbols[currency.toUpperCase()];
  return symbol ? `${symbol}${price}` : `${price} ${currency}`;
}

function offerValues(offer: PricedOffer): Record<string, string> {
  return {
    product: offer.product.title,
    variant: isDefaultVariant(offer.variant.title) ? '' : offer.variant.title,
    price: formatPrice(offer.stock.price, offer.stock.currency),
    quantity: offer.stock.quantity === null ? '' : String(offer.stock.quantity),
    link: offer.link ?? '',
  };
}

function listChoices(choices: string[]): string {
  const shown = choices.slice(0, 8);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

const isDefaultVariant = (title: string) => /^default( title)?$/i.test(title.trim());

/**
 * The embedded composer. A reply plan per answer kind, worded by the tone (register, length, emoji,
 * exclamation), flavoured by the archetype, with the brand's own greetings, sign-offs and words to avoid.
 * Deterministic for the same seed; never opens the same way as the previous automated reply to this buyer.
 */
export function composeEmbedded(input: ComposeInput): ComposedReply {
  const { facts, intent, personality, brandName, seed, history } = input;
  const tone = toneProfiles[personality.tone];
  const voice = readBrandVoice(personality);
  let counter = 0;
  const pick = (options: readonly string[]): string => {
    counter += 1;
    const allowed = options.filter((option) => !containsAvoided(option, voice));
    const pool = allowed.length > 0 ? allowed : options;
    return pool[hashToInt(`${seed}:${counter}`) % pool.length]!;
  };

  const parts: ReplyPart[] = [];
  const opening = chooseOpening(tone.openings, voice, seed, history);
  const isProductAnswer = ['in_stock', 'out_of_stock', 'price', 'product_link'].includes(facts.kind);
  if (opening && facts.kind !== 'hand_off' && facts.kind !== 'fixed_text')
    parts.push({ text: opening, essential: false });

  switch (facts.kind) {
    case 'in_stock': {
      const values = offerValues(facts.offer);
      const quantity = facts.offer.stock.quantity;
      const template = quantity !== null && quantity <= 10 ? pick(tone.lowStock) : pick(tone.inStock);
      parts.push({ text: fill(template, values), essential: true });
      if (intent === 'price') parts.push({ text: fill(pick(tone.price), values), essential: true });
      parts.push({ text: fill(pick(tone.linkLine), values), essential: true });
      break;
    }
    case 'price': {
      const values = offerValues(facts.offer);
      parts.push({ text: fill(pick(tone.price), values), essential: true });
      if (facts.offer.link) parts.push({ text: fill(pick(tone.linkLine), values), essential: true });
      else parts.push({ text: fill(pick(tone.soldOut), values), essential: true });
      break;
    }
    case 'out_of_stock': {
      const values = {
        product: facts.product.title,
        variant: isDefaultVariant(facts.variant.title) ? '' : facts.variant.title,
      };
      parts.push({ text: fill(pick(tone.soldOut), values), essential: true });
      if (facts.alternative) {
        const alt = offerValues(facts.alternative);
        parts.push({
          text: fill(pick(tone.alternative), {
            altProduct: alt.product!,
            altVariant: alt.variant!,
            link: alt.link!,
          }),
          essential: true,
        });
      } else parts.push({ text: pick(tone.noAlternative), essential: true });
      break;
    }
    case 'ask_variant':
      parts.push({
        text: fill(pick(tone.askVariant), {
          option: facts.optionName.toLowerCase(),
          choices: listChoices(facts.choices),
        }),
        essential: true,
      });
      break;
    case 'ask_product':
      parts.push({
        text: fill(pick(tone.askProduct), { choices: listChoices(facts.choices) }),
        essential: true,
      });
      break;
    case 'not_sold':
      parts.push({ text: pick(tone.notSold), essential: true });
      parts.push({ text: pick(tone.other).replace(/^.*?\. /, ''), essential: false });
      break;
    case 'hand_off':
      parts.push({ text: pick(tone.handOff), essential: true });
      break;
    case 'fixed_text':
      parts.push({ text: facts.text, essential: true });
      break;
    case 'product_link':
      parts.length = 0;
      parts.push({
        text:
          facts.link && facts.product
            ? fill(pick(tone.productLink), { product: facts.product.title, link: facts.link })
            : pick(tone.productLinkNoProduct),
        essential: true,
      });
      break;
    case 'none':
      if (intent === 'greeting') parts.push({ text: pick(tone.greeting), essential: true });
      else if (intent === 'thanks') parts.push({ text: pick(tone.thanks), essential: true });
      else if (intent === 'shipping_returns') parts.push({ text: pick(tone.shipping), essential: true });
      else parts.push({ text: pick(tone.other), essential: true });
      break;
  }

  if (tone.isChatty && isProductAnswer && facts.kind !== 'product_link') {
    parts.push({ text: pick(archetypeFlavours[personality.archetype]), essential: false });
  }
  const allowEmoji = voice.allowEmoji ?? tone.emoji.length > 0;
  if (
    allowEmoji &&
    tone.emoji.length > 0 &&
    facts.kind !== 'hand_off' &&
    hashToInt(`${seed}:emoji`) % 2 === 0
  ) {
    const last = parts.at(-1);
    if (last && !/https?:\/\/\S+$/.test(last.text)) last.text = `${last.text} ${pick(tone.emoji)}`;
    else parts.push({ text: pick(tone.emoji), essential: false });
  }
  if (voice.signOffs.length > 0 && facts.kind !== 'hand_off')
    parts.push({ text: pick(voice.signOffs), essential: false });
  if (input.discloseAutomation) {
    parts.push({
      text: fill(toneProfiles[personality.tone].disclosure, { brand: brandName }),
      essential: true,
    });
  }
  return { parts, opening };
}

function containsAvoided(text: string, voice: BrandVoice): boolean {
  const lower = text.toLowerCase();
  return voice.avoid.some((word) =>
    new RegExp(`(^|[^\\p{L}])${escapeRegExp(word)}($|[^\\p{L}])`, 'u').test(lower),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The brand's own greetings first, then the tone's; never the opening of the previous automated reply. */
function chooseOpening(
  toneOpenings: readonly string[],
  voice: BrandVoice,
  seed: string,
  history: HistoryTurn[],
): string | null {
  let candidates = [...voice.greetings, ...toneOpenings].filter(
    (opening) => !containsAvoided(opening, voice),
  );
  if (voice.address)
    candidates = candidates.map((opening) =>
      opening.replace(/^(hi|hey|hello)(\s+there)?([!,.])/i, `$1 ${voice.address}$3`),
    );
  if (candidates.length === 0) return null;
  const previous = [...history].reverse().find((turn) => turn.sender === 'ai')?.content ?? '';
  const start = hashToInt(`${seed}:opening`) % candidates.length;
  for (let step = 0; step < candidates.length; step += 1) {
    const candidate = candidates[(start + step) % candidates.length]!;
    if (!previous.startsWith(candidate)) return candidate;
  }
  return candidates[start]!;
}
