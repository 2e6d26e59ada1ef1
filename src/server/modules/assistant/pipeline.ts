import { describeAction, describeTrigger } from '#contracts/automation.ts';
import { composeEmbedded, fillBrand, wordingFor, type ReplyPart } from './composers/embedded.ts';
import { toneProfiles } from './composers/voice.ts';
import { gatherFacts } from './facts.ts';
import { collectGroundingSources, stripLinks } from './grounding.ts';
import { applyOutputGuards, type OutputGuardResult } from './output-guards.ts';
import type { CatalogProduct, CatalogService, FindProductsResult, OutboundResult } from './ports.ts';
import { readItems } from './items.ts';
import { matchRule } from './rules.ts';
import {
  classifyIntent,
  expandShorthand,
  readMessage,
  understand,
  withoutTurnedDown,
} from './understanding.ts';
import type { Language } from './language/detect.ts';
import type {
  AssistantEvent,
  ConversationState,
  Facts,
  PricedOffer,
  StoredRule,
  Understanding,
} from './types.ts';

/**
 * The assistant's pipeline, one named step after another:
 *   guards -> rules -> understanding -> facts -> compose -> output guards -> send -> record trace.
 * Each step is a function with explicit input and output; the trace brand owners see is built from those
 * outputs. Effects (sending, escalating, recording) are passed in, so the playground runs the same steps and
 * sends nothing.
 */

export interface LlmCompositionInput {
  event: AssistantEvent;
  understanding: Understanding;
  facts: Facts;
  disclosureText: string | null;
}
export interface LlmComposition {
  text: string;
  /** Everything the model's tools returned: the grounding sources for its reply. */
  toolResults: unknown[];
  promptTokens: number;
  completionTokens: number;
  toolCalls: string[];
  /** The model called hand_off: the conversation goes to a person after this reply. */
  requestedHandOff: boolean;
}
export interface LlmComposer {
  readonly model: string;
  compose(input: LlmCompositionInput): Promise<LlmComposition>;
}

export interface PipelineEffects {
  /** The channel's messaging-window check; the playground allows everything. */
  checkWindow(
    conversationId: string,
  ): Promise<{ allowed: true } | { allowed: false; code: string; reason: string }>;
  sendDirectMessage(input: {
    conversationId: string;
    text: string;
    idempotencyKey: string;
    inventoryChecked: boolean;
  }): Promise<OutboundResult>;
  sendCommentReply(input: {
    commentId: string;
    text: string;
    visibility: 'private' | 'public';
    idempotencyKey: string;
  }): Promise<OutboundResult>;
  escalate(conversationId: string): Promise<void>;
  recordTrace(trace: AssistantTrace, delivery: Delivery): Promise<void>;
  /** Keeps what the conversation has in play for the next message (nothing in the playground). */
  saveState?(conversationId: string, eventKey: string, state: ConversationState): Promise<void>;
}

export interface PipelineDeps {
  catalog: CatalogService;
  effects: PipelineEffects;
  llm: LlmComposer | null;
  now?: () => number;
}

export type TraceOutcome = 'replied' | 'silent' | 'failed';

export interface AssistantTrace {
  eventKey: string;
  outcome: TraceOutcome;
  /** Why nothing was sent, e.g. "conversation escalated" or "rule: Do nothing". */
  silentReason: string | null;
  rule: { id: string; name: string; trigger: string; action: string } | null;
  intent: string;
  answerKind: string;
  /** The buyer's language as detected. */
  language: Language;
  /** The quantity asked (null: none said) and the quantity the link carries. */
  quantity: { asked: number | null; linked: number | null } | null;
  /** The search's confidence in the product, and what the buyer asked for that the catalog lacks. */
  match: { confidence: number | null; lacking: string | null } | null;
  handOffReason: string | null;
  /** Several items asked in one message: each with the count asked and the count the one link carries. */
  items?: { product: string; variant: string; asked: number | null; linked: number | null }[] | null;
  /** Each output-guard refusal with the rule that refused it; the reply sent was the embedded one. */
  refusals: { rule: string; detail: string }[];
  product: { id: string; title: string; fromHistory: boolean } | null;
  variant: { id: string; title: string } | null;
  stock: {
    quantity: number | null;
    availableForSale: boolean;
    source: 'live' | 'mirror';
    asOf: string;
    latencyMs: number;
  } | null;
  link: string | null;
  alternative: { product: string; variant: string; link: string | null } | null;
  provider: 'embedded' | 'llm';
  model: string | null;
  fallbackReason: string | null;
  toolCalls: string[];
  tokens: { prompt: number; completion: number } | null;
  reply: string | null;
  bytes: number;
  disclosed: boolean;
  handedOff: boolean;
  timings: Record<string, number>;
}

export interface Delivery {
  status: 'sent' | 'failed' | 'unknown' | 'not_sent';
  messageIds: string[];
  duplicate: boolean;
  error: string | null;
}

/**
 * The search reads what the buyer asks for, not what they already have: "doesn't go with my shoes" names no
 * product to sell. Only a lone "my <word>" is dropped; the intent patterns still read the whole DM. Nor does it
 * read the container of a size said after something else ("micellar water, the big bottle", "ok the bigger bag"):
 * that chooses a size, and "bottle" would find the water bottles.
 */
export function withoutOwnThings(text: string): string {
  return text
    .replace(/\b(?:my|our) (?!size\b|order\b)[\p{L}-]+/giu, ' ')
    .replace(
      /(?<=\S.*\bthe (?:big|bigger|biggest|large|larger|largest|small|smaller|smallest) )(?:bottle|bag|tub|jar|tube|pouch|box)s?\b/giu,
      ' ',
    )
    .replace(/\s{2,}/g, ' ')
    .trim();
}

// ---------- step 1: guards ----------
export type GuardOutcome = { pass: true } | { pass: false; reason: string };

export async function checkGuards(event: AssistantEvent, effects: PipelineEffects): Promise<GuardOutcome> {
  if (event.kind === 'preview') return { pass: true };
  if (!event.brand.active) return { pass: false, reason: 'brand paused' };
  if (event.conversation) {
    if (event.conversation.status === 'escalated')
      return { pass: false, reason: 'conversation escalated to a person' };
    if (event.conversation.handledBy === 'person')
      return { pass: false, reason: 'a person is handling the conversation' };
    if (event.kind === 'message') {
      const window = await effects.checkWindow(event.conversation.id);
      if (!window.allowed) return { pass: false, reason: `window: ${window.reason}` };
    }
  }
  return { pass: true };
}

/** A comment, or a preview testing a comment rule. */
const readsAsComment = (event: AssistantEvent) =>
  event.kind === 'comment' || (event.kind === 'preview' && event.previewAs === 'comment');

// ---------- step 2: rules ----------
export async function applyRules(
  event: AssistantEvent,
  search: () => Promise<FindProductsResult>,
): Promise<StoredRule | null> {
  if (event.kind === 'preview' && event.rules.length === 0) return null;
  return matchRule(event.rules, {
    kind: readsAsComment(event) ? 'comment' : 'message',
    text: event.text,
    mediaId: event.mediaId ?? null,
    isFirstMessage: !event.history.some((turn) => turn.sender === 'customer'),
    receivedAt: event.receivedAt,
    mentionsProduct: async () => (await search()).outcome !== 'none',
  });
}

// ---------- step 3: understanding (product and intent) ----------
export async function understandEvent(
  event: AssistantEvent,
  catalog: CatalogService,
  search: () => Promise<FindProductsResult>,
  reading: { language: Language; reading: string } = readMessage(event.text, event.state?.language ?? null),
): Promise<Understanding> {
  const understanding = await understand({
    catalog,
    brandId: event.brand.id,
    text: event.text,
    history: event.history,
    search: await search(),
    state: event.state ?? null,
    reading,
  });
  if (!['availability', 'price', 'options', 'other'].includes(understanding.intent)) return understanding;
  const items = await readItems({
    catalog,
    brandId: event.brand.id,
    reading: reading.reading,
    first: understanding.selection.kind === 'product' ? understanding.selection.product : null,
  });
  if (!items) return understanding;
  // Several things in one message: the first is the selection (the trace and the state follow it).
  const [first] = items;
  return {
    ...understanding,
    intent: understanding.intent === 'other' ? 'availability' : understanding.intent,
    items,
    quantity: first!.quantity,
    lacking: null,
    selection: {
      kind: 'product',
      product: first!.product,
      variantIds: [first!.variantId],
      requestedOptions: [],
      fromHistory: false,
    },
  };
}

// ---------- step 4: facts ----------
export type Plan =
  | { kind: 'silent'; reason: string }
  | { kind: 'reply'; facts: Facts; handOff: boolean; publicReply: string | null };

/** What the matched rule (or, without one, the intent) asks for, with the live facts it needs. */
export async function planReply(input: {
  event: AssistantEvent;
  rule: StoredRule | null;
  understanding: Understanding;
  catalog: CatalogService;
}): Promise<Plan> {
  const { event, rule, understanding, catalog } = input;
  const context = { catalog, brandId: event.brand.id, conversationId: event.conversation?.id ?? null };
  const action = rule?.action ?? null;
  if (action?.type === 'do_nothing') return { kind: 'silent', reason: `rule "${rule!.name}": do nothing` };
  if (action?.type === 'hand_off')
    return { kind: 'reply', facts: { kind: 'hand_off' }, handOff: true, publicReply: null };
  if (action?.type === 'fixed_text') {
    const productLink = await findProductLink(context, understanding);
    const text = fillPlaceholders(action.text, event, productLink ?? '');
    return {
      kind: 'reply',
      facts: { kind: 'fixed_text', text, productLink },
      handOff: false,
      publicReply: null,
    };
  }
  if (action?.type === 'private_reply_product_link') {
    // A rule that names its product sends that one, whatever the comment says (a bare emoji names nothing).
    const named = action.productId
      ? await catalog.getProduct({ brandId: event.brand.id, productId: action.productId })
      : null;
    const product =
      named ?? (understanding.selection.kind === 'product' ? understanding.selection.product : null);
    const productLink = named
      ? await buyableLink(
          context,
          named,
          named.variants.map((variant) => variant.id),
        )
      : await findProductLink(context, understanding);
    const text =
      action.dmText && product && productLink
        ? fillPlaceholders(action.dmText, event, productLink).replaceAll('{product}', product.title)
        : undefined;
    return {
      kind: 'reply',
      facts: { kind: 'product_link', product, link: productLink, ...(text ? { text } : {}) },
      handOff: false,
      publicReply: action.publicReply ?? null,
    };
  }
  const facts = await gatherFacts(context, understanding);
  if (readsAsComment(event)) {
    // Without a comment rule, only a product question in a comment is answered (by private reply).
    const isProductAnswer = ['in_stock', 'out_of_stock', 'price', 'ask_variant', 'ask_product'].includes(
      facts.kind,
    );
    if (!isProductAnswer)
      return { kind: 'silent', reason: 'comment without a matching rule or product question' };
  }
  return { kind: 'reply', facts, handOff: facts.kind === 'hand_off', publicReply: null };
}

function firstNameOf(username: string): string {
  const word = username.split(/[._\d-]+/).find((part) => part.length > 1) ?? username;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function fillPlaceholders(text: string, event: AssistantEvent, productLink: string): string {
  return text
    .replaceAll('{first_name}', firstNameOf(event.customer.username))
    .replaceAll('{username}', event.customer.username)
    .replaceAll('{brand}', event.brand.name)
    .replaceAll('{product_link}', productLink)
    .replace(/\s{2,}/g, ' ')
    .trim();
}

async function findProductLink(
  context: { catalog: CatalogService; brandId: string; conversationId: string | null },
  understanding: Understanding,
): Promise<string | null> {
  if (understanding.selection.kind !== 'product') return null;
  const { product, variantIds } = understanding.selection;
  return buyableLink(context, product, variantIds);
}

/** The product page, else a checkout link for the first of the variants live stock says can be bought. */
async function buyableLink(
  context: { catalog: CatalogService; brandId: string; conversationId: string | null },
  product: CatalogProduct,
  variantIds: string[],
): Promise<string | null> {
  if (product.url) return product.url;
  for (const variantId of variantIds.slice(0, 3)) {
    const stock = await context.catalog.checkStock({ brandId: context.brandId, variantId, deadlineMs: 3000 });
    if (!stock.availableForSale) continue;
    const { url } = await context.catalog.checkoutLink({
      brandId: context.brandId,
      variantId,
      quantity: 1,
      ...(context.conversationId ? { conversationId: context.conversationId } : {}),
    });
    return url;
  }
  return null;
}

// ---------- step 5: compose ----------
export interface Composition {
  parts: ReplyPart[];
  provider: 'embedded' | 'llm';
  fallbackReason: string | null;
  toolResults: unknown[];
  toolCalls: string[];
  tokens: { prompt: number; completion: number } | null;
  requestedHandOff: boolean;
}

export function disclosureFor(event: AssistantEvent, language: Language = 'en'): string | null {
  const isFirstAutomatedReply = !event.history.some((turn) => turn.sender === 'ai');
  if (!event.discloseAutomation || !isFirstAutomatedReply) return null;
  return fillBrand(wordingFor(toneProfiles[event.personality.tone], language).disclosure, event.brand.name);
}

export function composeWithEmbedded(
  event: AssistantEvent,
  understanding: Understanding,
  facts: Facts,
): ReplyPart[] {
  return composeEmbedded({
    facts,
    intent: understanding.intent,
    personality: event.personality,
    brandName: event.brand.name,
    seed: `${event.conversation?.id ?? event.brand.id}:${event.eventKey}`,
    history: event.history,
    discloseAutomation: disclosureFor(event, understanding.language) !== null,
    language: understanding.language,
    lastOpening: event.state?.lastOpening ?? null,
  }).parts;
}

/** The LLM composer when configured (not for fixed texts, hand-offs or comment links); the embedded one otherwise. */
export async function composeReply(
  event: AssistantEvent,
  understanding: Understanding,
  facts: Facts,
  llm: LlmComposer | null,
): Promise<Composition> {
  const embedded = (fallbackReason: string | null): Composition => ({
    parts: composeWithEmbedded(event, understanding, facts),
    provider: 'embedded',
    fallbackReason,
    toolResults: [],
    toolCalls: [],
    tokens: null,
    requestedHandOff: false,
  });
  if (!llm || facts.kind === 'fixed_text' || facts.kind === 'hand_off' || facts.kind === 'product_link')
    return embedded(null);
  const disclosureText = disclosureFor(event, understanding.language);
  try {
    const result = await llm.compose({ event, understanding, facts, disclosureText });
    const parts: ReplyPart[] = [{ text: result.text, essential: true }];
    if (disclosureText && !result.text.includes(disclosureText))
      parts.push({ text: disclosureText, essential: true });
    return {
      parts,
      provider: 'llm',
      fallbackReason: null,
      toolResults: result.toolResults,
      toolCalls: result.toolCalls,
      tokens: { prompt: result.promptTokens, completion: result.completionTokens },
      requestedHandOff: result.requestedHandOff,
    };
  } catch (error) {
    const fallback = embedded(
      `LLM failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200),
    );
    return fallback;
  }
}

// ---------- step 6: output guards ----------
/** What a reply may quote from the facts: names, the chosen variant's live figure and price, the links. */
export function groundingView(facts: Facts): unknown {
  const offerView = (offer: PricedOffer) => ({
    product: stripLinks(offer.product.title),
    variant: stripLinks(offer.variant.title),
    options: offer.variant.options.map((option) => stripLinks(option.value)),
    quantity: offer.stock.quantity,
    price: offer.stock.price,
    link: offer.link,
    linked: offer.linked,
  });
  switch (facts.kind) {
    case 'in_stock':
      return facts.basket
        ? {
            items: facts.basket.offers.map(offerView),
            soldOut: facts.basket.soldOut.map(offerView),
            link: facts.basket.link,
          }
        : offerView(facts.offer);
    case 'price':
      return offerView(facts.offer);
    case 'out_of_stock':
      return {
        product: facts.product.title,
        variant: facts.variant.title,
        quantity: facts.stock.quantity,
        price: facts.stock.price,
        alternative: facts.alternative ? offerView(facts.alternative) : null,
      };
    case 'ask_variant':
      return { product: facts.product.title, option: facts.optionName, choices: facts.choices };
    case 'ask_product':
      return { choices: facts.choices };
    case 'not_sold':
      return { lacking: facts.lacking, alternative: facts.alternative ? offerView(facts.alternative) : null };
    case 'fixed_text':
      return { text: facts.text, link: facts.productLink };
    case 'product_link':
      // The brand owner's own DM wording is a source like a fixed text: its numbers are theirs.
      return { product: facts.product?.title ?? null, link: facts.link, text: facts.text ?? null };
    default:
      return null;
  }
}

export function guardOutput(
  event: AssistantEvent,
  understanding: Understanding,
  facts: Facts,
  composition: Composition,
): {
  output: OutputGuardResult;
  composition: Composition;
  refusals: { rule: string; detail: string }[];
} {
  const disclosureText = disclosureFor(event, understanding.language);
  // The buyer's own words and username are never sources: only the facts, the tool results and the brand.
  const sources = collectGroundingSources([
    groundingView(facts),
    event.brand.name,
    ...composition.toolResults,
  ]);
  const output = applyOutputGuards({ parts: composition.parts, sources, disclosureText });
  if (output.grounding.grounded || composition.provider === 'embedded')
    return { output, composition, refusals: output.grounding.refusals };
  // An LLM reply stating a number or link no tool returned is replaced by the embedded reply.
  const replacement: Composition = {
    ...composition,
    parts: composeWithEmbedded(event, understanding, facts),
    provider: 'embedded',
    fallbackReason: `LLM reply not grounded (${output.grounding.ungrounded.slice(0, 3).join(', ')})`,
  };
  const replaced = applyOutputGuards({ parts: replacement.parts, sources, disclosureText });
  return {
    output: replaced,
    composition: replacement,
    refusals: [...output.grounding.refusals, ...replaced.grounding.refusals],
  };
}

// ---------- step 7: send ----------
export async function sendReply(
  event: AssistantEvent,
  text: string,
  facts: Facts,
  plan: Extract<Plan, { kind: 'reply' }>,
  effects: PipelineEffects,
): Promise<Delivery> {
  const inventoryChecked =
    facts.kind === 'in_stock' || facts.kind === 'out_of_stock' || facts.kind === 'price';
  const idempotencyKey = `assistant:${event.eventKey}`;
  let result: OutboundResult;
  if (event.kind === 'comment' && event.commentId) {
    result = await effects.sendCommentReply({
      commentId: event.commentId,
      text,
      visibility: 'private',
      idempotencyKey,
    });
    if (plan.publicReply) {
      await effects.sendCommentReply({
        commentId: event.commentId,
        text: plan.publicReply,
        visibility: 'public',
        idempotencyKey: `${idempotencyKey}:public`,
      });
    }
  } else if (event.conversation) {
    result = await effects.sendDirectMessage({
      conversationId: event.conversation.id,
      text,
      idempotencyKey,
      inventoryChecked,
    });
  } else {
    return { status: 'not_sent', messageIds: [], duplicate: false, error: null };
  }
  // The acknowledgement goes first (the send guard refuses escalated conversations), then silence.
  if (plan.handOff && event.conversation && result.status !== 'failed')
    await effects.escalate(event.conversation.id);
  return {
    status: result.status,
    messageIds: result.messageIds,
    duplicate: result.duplicate,
    error: result.error ?? null,
  };
}

// ---------- the whole pipeline ----------
function describeRule(rule: StoredRule | null): AssistantTrace['rule'] {
  return rule
    ? {
        id: rule.id,
        name: rule.name,
        trigger: describeTrigger(rule.trigger),
        action: describeAction(rule.action),
      }
    : null;
}

function traceFacts(facts: Facts | null, understanding: Understanding | null) {
  const selection = understanding?.selection;
  const base = {
    product:
      selection?.kind === 'product'
        ? { id: selection.product.id, title: selection.product.title, fromHistory: selection.fromHistory }
        : null,
    variant: null as AssistantTrace['variant'],
    stock: null as AssistantTrace['stock'],
    link: null as string | null,
    alternative: null as AssistantTrace['alternative'],
    items: null as AssistantTrace['items'],
  };
  if (!facts) return base;
  if (facts.kind === 'in_stock' && facts.basket)
    base.items = [
      ...facts.basket.offers.map((offer) => ({
        product: offer.product.title,
        variant: offer.variant.title,
        asked: offer.asked,
        linked: offer.linked as number | null,
      })),
      ...facts.basket.soldOut.map((offer) => ({
        product: offer.product.title,
        variant: offer.variant.title,
        asked: offer.asked,
        linked: null,
      })),
    ];
  const offer = facts.kind === 'in_stock' || facts.kind === 'price' ? facts.offer : null;
  if (offer) {
    base.product = {
      id: offer.product.id,
      title: offer.product.title,
      fromHistory: base.product?.fromHistory ?? false,
    };
    base.variant = { id: offer.variant.id, title: offer.variant.title };
    base.link = offer.link;
  }
  const stock = offer?.stock ?? (facts.kind === 'out_of_stock' ? facts.stock : null);
  if (stock)
    base.stock = {
      quantity: stock.quantity,
      availableForSale: stock.availableForSale,
      source: stock.source,
      asOf: stock.asOf,
      latencyMs: stock.latencyMs,
    };
  if (facts.kind === 'out_of_stock') {
    base.variant = { id: facts.variant.id, title: facts.variant.title };
    if (facts.alternative) {
      base.alternative = {
        product: facts.alternative.product.title,
        variant: facts.alternative.variant.title,
        link: facts.alternative.link,
      };
      base.link = facts.alternative.link;
    }
  }
  if (facts.kind === 'not_sold' && facts.alternative) {
    base.alternative = {
      product: facts.alternative.product.title,
      variant: facts.alternative.variant.title,
      link: facts.alternative.link,
    };
    base.link = facts.alternative.link;
  }
  if (facts.kind === 'product_link' && facts.product)
    base.product = { id: facts.product.id, title: facts.product.title, fromHistory: false };
  if (facts.kind === 'product_link' || facts.kind === 'fixed_text')
    base.link = facts.kind === 'product_link' ? facts.link : facts.productLink;
  return base;
}

function linkedQuantity(facts: Facts | null): number | null {
  if (!facts) return null;
  if (facts.kind === 'in_stock' || facts.kind === 'price')
    return facts.offer.link ? facts.offer.linked : null;
  if ((facts.kind === 'out_of_stock' || facts.kind === 'not_sold') && facts.alternative?.link)
    return facts.alternative.linked;
  return null;
}

/**
 * What the conversation has in play after this reply: the product, the options settled, the quantity, the
 * question asked. A new product replaced the old one in the understanding step, so this only records.
 */
export function nextState(
  event: AssistantEvent,
  understanding: Understanding,
  facts: Facts,
  replyText: string,
): ConversationState {
  const previous = event.state ?? null;
  const selection = understanding.selection;
  const state: ConversationState = {
    productId: previous?.productId ?? null,
    chosen: { ...(previous?.chosen ?? {}) },
    variantIds: previous?.variantIds ?? [],
    quantity: understanding.quantity ?? previous?.quantity ?? null,
    question: null,
    alternativeProductId: null,
    language: understanding.language,
    lastOpening: replyText.split(/(?<=[!.,?])\s/)[0] ?? null,
    complaints:
      (previous?.complaints ?? 0) +
      (understanding.intent === 'complaint' || understanding.intent === 'order_status' ? 1 : 0),
  };
  if (selection.kind === 'product') {
    const changed = selection.product.id !== previous?.productId;
    state.productId = selection.product.id;
    if (changed) {
      state.chosen = {};
      state.quantity = understanding.quantity;
    }
    state.variantIds = selection.variantIds.slice(0, 50);
    // The options every remaining candidate shares are settled ("M" once the buyer said M).
    const variants = selection.product.variants.filter((variant) =>
      selection.variantIds.includes(variant.id),
    );
    for (const option of variants[0]?.options ?? [])
      if (
        variants.every((variant) =>
          variant.options.some((o) => o.name === option.name && o.value === option.value),
        )
      )
        state.chosen[option.name] = option.value;
  }
  if (selection.kind === 'ambiguous')
    state.question = {
      kind: 'ask_product',
      productIds: selection.products.map((product) => product.id).slice(0, 8),
      choices: selection.products.map((product) => product.title).slice(0, 8),
    };
  if (facts.kind === 'ask_variant')
    state.question = { kind: 'ask_variant', optionName: facts.optionName, choices: facts.choices };
  const alternative = facts.kind === 'out_of_stock' || facts.kind === 'not_sold' ? facts.alternative : null;
  if (alternative && alternative.product.id !== state.productId)
    state.alternativeProductId = alternative.product.id;
  return state;
}

export async function runPipeline(deps: PipelineDeps, event: AssistantEvent): Promise<AssistantTrace> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const timings: Record<string, number> = {};
  const time = async <T>(step: string, run: () => Promise<T> | T): Promise<T> => {
    const at = now();
    try {
      return await run();
    } finally {
      timings[step] = Math.round((now() - at) * 10) / 10;
    }
  };
  // The DM's language and its English reading: what the search, the rules' product check and the intents read.
  const reading = readMessage(event.text, event.state?.language ?? null);
  let searched: Promise<FindProductsResult> | undefined;
  const search = () =>
    (searched ??= deps.catalog.findProducts({
      brandId: event.brand.id,
      text: withoutOwnThings(withoutTurnedDown(expandShorthand(reading.reading))),
    }));

  const finish = async (
    partial: Partial<AssistantTrace> & { outcome: TraceOutcome },
    delivery: Delivery,
    facts: Facts | null,
    understanding: Understanding | null,
  ) => {
    timings.total = Math.round((now() - started) * 10) / 10;
    const trace: AssistantTrace = {
      eventKey: event.eventKey,
      silentReason: null,
      rule: null,
      intent: understanding?.intent ?? classifyIntent(reading.reading, false),
      answerKind: facts?.kind ?? 'none',
      language: reading.language,
      quantity: understanding ? { asked: understanding.quantity, linked: linkedQuantity(facts) } : null,
      match: understanding ? { confidence: understanding.confidence, lacking: understanding.lacking } : null,
      handOffReason: understanding?.handOffReason ?? null,
      refusals: [],
      ...traceFacts(facts, understanding),
      provider: 'embedded',
      model: null,
      fallbackReason: null,
      toolCalls: [],
      tokens: null,
      reply: null,
      bytes: 0,
      disclosed: false,
      handedOff: false,
      timings,
      ...partial,
    };
    await deps.effects.recordTrace(trace, delivery);
    return trace;
  };
  const notSent: Delivery = { status: 'not_sent', messageIds: [], duplicate: false, error: null };

  const guard = await time('guards', () => checkGuards(event, deps.effects));
  if (!guard.pass) return finish({ outcome: 'silent', silentReason: guard.reason }, notSent, null, null);

  const rule = await time('rules', () => applyRules(event, search));
  const understanding = await time('understanding', () =>
    understandEvent(event, deps.catalog, search, reading),
  );
  const plan = await time('facts', () => planReply({ event, rule, understanding, catalog: deps.catalog }));
  if (plan.kind === 'silent')
    return finish(
      { outcome: 'silent', silentReason: plan.reason, rule: describeRule(rule) },
      notSent,
      null,
      understanding,
    );

  const composed = await time('compose', () => composeReply(event, understanding, plan.facts, deps.llm));
  const { output, composition, refusals } = await time('outputGuards', () =>
    guardOutput(event, understanding, plan.facts, composed),
  );
  const common = {
    rule: describeRule(rule),
    provider: composition.provider,
    model:
      composed.provider === 'llm' || composition.fallbackReason?.startsWith('LLM')
        ? (deps.llm?.model ?? null)
        : null,
    fallbackReason: composition.fallbackReason,
    toolCalls: composed.toolCalls,
    tokens: composed.tokens,
    reply: output.text,
    bytes: output.bytes,
    disclosed: output.disclosed,
    refusals,
  };
  if (!output.grounding.grounded) {
    // Never send a figure the facts do not hold, even from our own templates.
    return finish(
      {
        ...common,
        outcome: 'failed',
        silentReason: `not grounded: ${output.grounding.ungrounded.join(', ')}`,
      },
      notSent,
      plan.facts,
      understanding,
    );
  }

  const handOff = plan.handOff || (composition.provider === 'llm' && composition.requestedHandOff);
  const delivery = await time('send', () =>
    sendReply(event, output.text, plan.facts, { ...plan, handOff }, deps.effects),
  );
  if (event.conversation && deps.effects.saveState && delivery.status !== 'failed')
    await time('state', () =>
      deps.effects.saveState!(
        event.conversation!.id,
        event.eventKey,
        nextState(event, understanding, plan.facts, output.text),
      ),
    );
  const outcome: TraceOutcome = delivery.status === 'failed' ? 'failed' : 'replied';
  return finish(
    { ...common, outcome, handedOff: handOff, silentReason: delivery.error },
    delivery,
    plan.facts,
    understanding,
  );
}
