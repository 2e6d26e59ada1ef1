/**
 * The catalog's three answers as the assistant (and the Store screen) use them: which product a buyer means,
 * live stock, the checkout link. Provided by modules/catalog, consumed by modules/assistant; runtime.ts wires them.
 */

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
    /** False for a link shown but not sent (the Store screen's find box): it gets no link id and is not counted. */
    track?: boolean;
  }): Promise<{ url: string }>;
  /**
   * One link for several variants, each with its quantity (Shopify `/cart/id:qty,id:qty`, WooCommerce
   * `products=id:qty,id:qty`): a buyer asking for several things in one message pays once.
   */
  basketLink(input: {
    brandId: string;
    items: { variantId: string; quantity: number }[];
    conversationId?: string;
  }): Promise<{ url: string }>;
}
