import type { BrandArchetype, BrandTone } from '#contracts/dashboard.ts';
import type { RuleAction, RuleTrigger } from '#contracts/automation.ts';
import type { CatalogProduct, CatalogVariant, StockAnswer } from './ports.ts';
import type { Language } from './language/detect.ts';

/** What the buyer wants. */
export const intents = [
  'availability',
  'price',
  'options',
  'shipping_returns',
  'order_status',
  'human',
  'greeting',
  'thanks',
  'complaint',
  'other',
] as const;
export type Intent = (typeof intents)[number];

export interface Personality {
  archetype: BrandArchetype;
  tone: BrandTone;
  voiceDescription: string;
  exampleResponses: string;
}

export interface HistoryTurn {
  sender: 'customer' | 'ai' | 'agent';
  content: string;
}

/**
 * What the conversation had in play after the last reply, kept per conversation in the database
 * (assistant_conversation_state), so a follow-up changes only what it changes, after a restart and on any instance.
 */
export interface ConversationState {
  productId: string | null;
  /** Option values settled so far, by option name ("Size" -> "M"). */
  chosen: Record<string, string>;
  /** The variants still possible, best first. */
  variantIds: string[];
  quantity: number | null;
  /** The question the last reply asked, if any. */
  question:
    | { kind: 'ask_variant'; optionName: string; choices: string[] }
    | { kind: 'ask_product'; productIds: string[]; choices: string[] }
    | null;
  /** A product offered as an alternative in the last reply ("the other one?"). */
  alternativeProductId: string | null;
  language: Language;
  /** The opening the last automated reply used, never used twice in a row. */
  lastOpening: string | null;
  /** Complaints and order problems so far: a repeated one goes to a person. */
  complaints: number;
}

export interface StoredRule {
  id: string;
  name: string;
  active: boolean;
  createdAt: Date;
  trigger: RuleTrigger;
  action: RuleAction;
}

/** One inbound event as the pipeline sees it: a DM, a comment, or a playground message. */
export interface AssistantEvent {
  kind: 'message' | 'comment' | 'preview';
  /** `message:<id>`, `comment:<id>` or `preview:<n>`: the reply's idempotency key is derived from it. */
  eventKey: string;
  brand: { id: string; name: string; active: boolean };
  conversation: { id: string; status: string; handledBy: string } | null;
  commentId: string | null;
  /** The post or reel a comment is on; a rule test may set it for a preview too. */
  mediaId?: string | null;
  /** A preview read as a comment (testing a comment rule); previews read as a DM otherwise. */
  previewAs?: 'message' | 'comment';
  customer: { username: string };
  text: string;
  /** The conversation before this event, oldest first. */
  history: HistoryTurn[];
  personality: Personality;
  rules: StoredRule[];
  discloseAutomation: boolean;
  receivedAt: Date;
  /** The conversation's state before this event (null for a new conversation, a comment or the playground). */
  state?: ConversationState | null;
}

export type ProductSelection =
  | { kind: 'none' }
  | { kind: 'ambiguous'; products: CatalogProduct[] }
  | {
      kind: 'product';
      product: CatalogProduct;
      /** Candidate variants, best first (all of them when the text names no option). */
      variantIds: string[];
      requestedOptions: { name: string; value: string }[];
      /** True when the product came from earlier in the conversation ("and in blue?"). */
      fromHistory: boolean;
    };

/** One of several things asked in one message: a product, its one variant, how many (null: none said). */
export interface BasketItem {
  product: CatalogProduct;
  variantId: string;
  quantity: number | null;
}

export interface Understanding {
  intent: Intent;
  selection: ProductSelection;
  /** Several things asked in one message, in the order asked (the selection is the first of them). */
  items?: BasketItem[] | null;
  /** The buyer's language, detected (docs/decisions/036-language-detection-eld.md). */
  language: Language;
  /** The DM read into English words (the lexicon), what the search and the intent patterns saw. */
  reading: string;
  /** How many the buyer asked for; null when they said no number (one). */
  quantity: number | null;
  /** The search's confidence in the product (0..1), null without a search match. */
  confidence: number | null;
  /** An option or category the buyer asked for that the catalog lacks ("purple", "6-pack"). */
  lacking: string | null;
  /** What is lacking is a kind of product ("kayaks"), not an option or attribute of the one in play. */
  lacksKind?: boolean;
  /** Why the conversation goes to a person, when it does ("wholesale", "repeated complaint"). */
  handOffReason: string | null;
}

export interface PricedOffer {
  product: CatalogProduct;
  variant: CatalogVariant;
  stock: StockAnswer;
  link: string | null;
  /** How many the buyer asked for (null: none said) and how many the link carries (capped at the stock). */
  asked: number | null;
  linked: number;
}

/**
 * Several items asked in one message: every item priced with its live stock; the ones that can be bought are on
 * the one link, each with its count (the first of them is the in_stock offer).
 */
export interface Basket {
  offers: PricedOffer[];
  soldOut: PricedOffer[];
  link: string | null;
}

/** Everything a reply may state. Numbers, prices and links in a reply come only from here. */
export type Facts =
  | { kind: 'none' }
  | { kind: 'not_sold'; lacking: string | null; alternative: PricedOffer | null }
  | { kind: 'ask_product'; choices: string[] }
  | { kind: 'ask_variant'; product: CatalogProduct; optionName: string; choices: string[] }
  | { kind: 'in_stock'; offer: PricedOffer; basket?: Basket }
  | {
      kind: 'out_of_stock';
      product: CatalogProduct;
      variant: CatalogVariant;
      stock: StockAnswer;
      alternative: PricedOffer | null;
    }
  | { kind: 'price'; offer: PricedOffer }
  | { kind: 'hand_off' }
  | { kind: 'fixed_text'; text: string; productLink: string | null }
  | {
      kind: 'product_link';
      product: CatalogProduct | null;
      link: string | null;
      /** The rule's own DM wording, placeholders filled (only when the link is there to fill them). */
      text?: string;
    };

export type AnswerKind = Facts['kind'];
