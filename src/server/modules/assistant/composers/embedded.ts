import { createHash } from 'node:crypto';
import { stripLinks } from '../grounding.ts';
import type { Language } from '../language/detect.ts';
import type { Facts, HistoryTurn, Intent, Personality, PricedOffer } from '../types.ts';
import { extraLines, languageProfiles, optionWordIn, possessive } from './languages.ts';
import {
  archetypeFlavours,
  readBrandVoice,
  toneProfiles,
  type BrandVoice,
  type ToneProfile,
} from './voice.ts';

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
  /** The buyer's language; English when not given. */
  language?: Language;
  /** The opening of the last automated reply to this buyer (kept in the conversation state). */
  lastOpening?: string | null;
}

/** The wording for a tone in a language: English keeps the tone's own lines; others their language's. */
export function wordingFor(tone: ToneProfile, language: Language): ToneProfile {
  if (language === 'en') return tone;
  return { ...tone, ...languageProfiles[language], isChatty: false };
}

/** A brand-written template with the brand's name in, its possessive right for a name ending in s. */
export function fillBrand(template: string, brandName: string): string {
  return template.replace(/\{brand\}'s/g, possessive(brandName)).replace(/\{brand\}/g, brandName);
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
  // Catalog text is quoted without any link inside it (a title "… see evil.example/deal"): only {link} carries one.
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return key === 'link' ? value : stripLinks(value);
  });
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

function listChoices(choices: string[], or = 'or'): string {
  const shown = choices.slice(0, 8);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${or} ${shown.at(-1)}`;
}

const isDefaultVariant = (title: string) => /^default( title)?$/i.test(title.trim());

/**
 * The embedded composer. A reply plan per answer kind, worded by the tone (register, length, emoji,
 * exclamation), flavoured by the archetype, with the brand's own greetings, sign-offs and words to avoid.
 * Deterministic for the same seed; never opens the same way as the previous automated reply to this buyer.
 */
export function composeEmbedded(input: ComposeInput): ComposedReply {
  const { facts, intent, personality, brandName, seed, history } = input;
  const language = input.language ?? 'en';
  const tone = wordingFor(toneProfiles[personality.tone], language);
  const lines = extraLines[language];
  const voice = readBrandVoice(personality);
  // The brand's own greetings and sign-offs are written in its language: kept for English replies only.
  if (language !== 'en') {
    voice.greetings = [];
    voice.signOffs = [];
  }
  let counter = 0;
  const pick = (options: readonly string[]): string => {
    counter += 1;
    const allowed = options.filter((option) => !containsAvoided(option, voice));
    const pool = allowed.length > 0 ? allowed : options;
    return pool[hashToInt(`${seed}:${counter}`) % pool.length]!;
  };
  /** Another product offered in place of the one asked for, worded by one of `templates`. */
  const alternativePart = (templates: readonly string[], offer: PricedOffer): ReplyPart => {
    const alt = offerValues(offer);
    return {
      text: fill(pick(templates), { altProduct: alt.product!, altVariant: alt.variant!, link: alt.link! }),
      essential: true,
    };
  };

  const parts: ReplyPart[] = [];
  // A reply mid-conversation does not greet again (and so never repeats the last opening).
  const midConversation = history.some((turn) => turn.sender === 'ai');
  const opening = midConversation
    ? null
    : chooseOpening(tone.openings, voice, seed, history, input.lastOpening ?? null);
  const isProductAnswer = ['in_stock', 'out_of_stock', 'price', 'product_link'].includes(facts.kind);
  if (opening && facts.kind !== 'hand_off' && facts.kind !== 'fixed_text')
    parts.push({ text: opening, essential: false });

  switch (facts.kind) {
    case 'in_stock': {
      if (facts.basket) {
        // Several items: one line each with its count, what is sold out said as such, then the one link.
        parts.push({ text: pick(lines.basketIntro), essential: true });
        for (const offer of facts.basket.offers) {
          const values = offerValues(offer);
          const name = values.variant ? `${values.product} (${values.variant})` : values.product!;
          parts.push({ text: `${offer.linked} × ${stripLinks(name)}, ${values.price}`, essential: true });
          const quantityLine = describeQuantity(offer, lines, pick);
          if (quantityLine && offer.linked < (offer.asked ?? 1))
            parts.push({ text: quantityLine, essential: true });
        }
        for (const offer of facts.basket.soldOut)
          parts.push({ text: fill(pick(lines.basketSoldOut), offerValues(offer)), essential: true });
        parts.push({
          text: fill(pick(lines.basketLink), { link: facts.basket.link ?? '' }),
          essential: true,
        });
        break;
      }
      const values = offerValues(facts.offer);
      const quantity = facts.offer.stock.quantity;
      const template = quantity !== null && quantity <= 10 ? pick(tone.lowStock) : pick(tone.inStock);
      parts.push({ text: fill(template, values), essential: true });
      if (intent === 'price') parts.push({ text: fill(pick(tone.price), values), essential: true });
      const quantityLine = describeQuantity(facts.offer, lines, pick);
      if (quantityLine) parts.push({ text: quantityLine, essential: true });
      parts.push({ text: fill(pick(tone.linkLine), values), essential: true });
      break;
    }
    case 'price': {
      const values = offerValues(facts.offer);
      parts.push({ text: fill(pick(tone.price), values), essential: true });
      if (facts.offer.link) {
        const quantityLine = describeQuantity(facts.offer, lines, pick);
        if (quantityLine) parts.push({ text: quantityLine, essential: true });
        parts.push({ text: fill(pick(tone.linkLine), values), essential: true });
      } else parts.push({ text: fill(pick(tone.soldOut), values), essential: true });
      break;
    }
    case 'out_of_stock': {
      const values = {
        product: facts.product.title,
        variant: isDefaultVariant(facts.variant.title) ? '' : facts.variant.title,
      };
      parts.push({ text: fill(pick(tone.soldOut), values), essential: true });
      if (facts.alternative) parts.push(alternativePart(tone.alternative, facts.alternative));
      else parts.push({ text: pick(tone.noAlternative), essential: true });
      break;
    }
    case 'ask_variant':
      parts.push({
        text: fill(pick(tone.askVariant), {
          option: optionWordIn(language, facts.optionName),
          choices: listChoices(facts.choices, lines.or),
        }),
        essential: true,
      });
      break;
    case 'ask_product':
      parts.push({
        text: fill(pick(tone.askProduct), { choices: listChoices(facts.choices, lines.or) }),
        essential: true,
      });
      break;
    case 'not_sold':
      parts.push({
        text: facts.lacking
          ? fill(pick(lines.notSoldLacking), { lacking: facts.lacking })
          : pick(tone.notSold),
        essential: true,
      });
      // Said as an alternative, never as the thing asked for.
      if (facts.alternative) parts.push(alternativePart(lines.closest, facts.alternative));
      else parts.push({ text: pick(tone.other).replace(/^.*?\. /, ''), essential: false });
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
            ? (facts.text ?? fill(pick(tone.productLink), { product: facts.product.title, link: facts.link }))
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
    parts.push({ text: fillBrand(tone.disclosure, brandName), essential: true });
  }
  return { parts, opening };
}

/** "The link is for 2." / "We only have 3 on hand, so the link is for 3." when the buyer asked for a number. */
function describeQuantity(
  offer: PricedOffer,
  lines: (typeof extraLines)[Language],
  pick: (options: readonly string[]) => string,
): string | null {
  if (offer.asked === null || offer.asked <= 1 || !offer.link) return null;
  const values = { linked: String(offer.linked), stock: String(offer.stock.quantity ?? '') };
  if (offer.linked < offer.asked && offer.stock.quantity !== null)
    return fill(pick(lines.quantityCapped), values);
  return fill(pick(lines.quantityLink), values);
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
  lastOpening: string | null,
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
    if (!previous.startsWith(candidate) && candidate !== lastOpening) return candidate;
  }
  return candidates[start]!;
}
