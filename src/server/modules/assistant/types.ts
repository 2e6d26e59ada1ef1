import type { BrandArchetype, BrandTone } from '#contracts/dashboard.ts';
import type { RuleAction, RuleTrigger } from '#contracts/automation.ts';
import type { CatalogProduct, CatalogVariant, StockAnswer } from './ports.ts';

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
  customer: { username: string };
  text: string;
  /** The conversation before this event, oldest first. */
  history: HistoryTurn[];
  personality: Personality;
  rules: StoredRule[];
  discloseAutomation: boolean;
  receivedAt: Date;
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

export interface Understanding {
  intent: Intent;
  selection: ProductSelection;
}

export interface PricedOffer {
  product: CatalogProduct;
  variant: CatalogVariant;
  stock: StockAnswer;
  link: string | null;
}

/** Everything a reply may state. Numbers, prices and links in a reply come only from here. */
export type Facts =
  | { kind: 'none' }
  | { kind: 'not_sold' }
  | { kind: 'ask_product'; choices: string[] }
  | { kind: 'ask_variant'; product: CatalogProduct; optionName: string; choices: string[] }
  | { kind: 'in_stock'; offer: PricedOffer }
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
  | { kind: 'product_link'; product: CatalogProduct | null; link: string | null };

export type AnswerKind = Facts['kind'];
