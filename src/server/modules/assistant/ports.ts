/**
 * What the assistant needs from other modules, declared here with exactly the shapes of the interface brief
 * (modules never import each other; runtime.ts passes the implementations in).
 */

// ---- Catalog (provider: modules/catalog) ----
export interface CatalogVariant {
  id: string;
  title: string;
  options: { name: string; value: string }[];
  sku: string | null;
  price: string;
  currency: string;
  availableForSale: boolean;
  stockQuantity: number | null;
}
export interface CatalogProduct {
  id: string;
  title: string;
  productType: string;
  vendor: string;
  tags: string[];
  url: string | null;
  imageUrl: string | null;
  variants: CatalogVariant[];
}
export interface ProductMatch {
  product: CatalogProduct;
  variantIds: string[];
  score: number;
}
export interface FindProductsResult {
  outcome: 'match' | 'ambiguous' | 'none';
  matches: ProductMatch[];
  requestedOptions: { name: 'size' | 'color' | 'other'; value: string }[];
}
export interface StockAnswer {
  variantId: string;
  quantity: number | null;
  availableForSale: boolean;
  price: string;
  currency: string;
  source: 'live' | 'mirror';
  asOf: string;
  latencyMs: number;
}
export interface CatalogService {
  hasStore(brandId: string): Promise<{ platform: 'shopify' | 'woocommerce' | 'sample'; name: string } | null>;
  findProducts(input: { brandId: string; text: string; limit?: number }): Promise<FindProductsResult>;
  getProduct(input: { brandId: string; productId: string }): Promise<CatalogProduct | null>;
  checkStock(input: { brandId: string; variantId: string; deadlineMs?: number }): Promise<StockAnswer>;
  listAlternatives(input: {
    brandId: string;
    productId: string;
    variantId?: string;
    limit?: number;
  }): Promise<ProductMatch[]>;
  checkoutLink(input: {
    brandId: string;
    variantId: string;
    quantity: number;
    conversationId?: string;
  }): Promise<{ url: string }>;
}

// ---- Channel outbound (provider: modules/channel) ----
export type SendOrigin = 'assistant' | 'person';
export interface OutboundResult {
  status: 'sent' | 'failed' | 'unknown';
  messageIds: string[];
  duplicate: boolean;
  error?: string;
}
export interface ChannelOutbound {
  sendDirectMessage(input: {
    conversationId: string;
    text: string;
    origin: SendOrigin;
    idempotencyKey: string;
    inventoryChecked?: boolean;
  }): Promise<OutboundResult>;
  sendCommentReply(input: {
    commentId: string;
    text: string;
    visibility: 'private' | 'public';
    origin: SendOrigin;
    idempotencyKey: string;
  }): Promise<OutboundResult>;
  checkDirectMessageWindow(input: {
    conversationId: string;
    origin: SendOrigin;
  }): Promise<
    | { allowed: true; humanAgentTag: boolean; closesAt: string | null }
    | { allowed: false; code: string; reason: string }
  >;
}

// ---- Provided by this module (consumer: issue 12's "Generate AI Response") ----
export interface AssistantDrafts {
  draftReply(input: { conversationId: string }): Promise<{ reply: string; trace: unknown }>;
}
