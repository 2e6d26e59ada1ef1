/** A product as any store platform delivers it, before it is mirrored. */
export interface StoreVariantInput {
  externalId: string;
  inventoryItemId?: string | null;
  title: string;
  options: { name: string; value: string }[];
  sku: string | null;
  price: string;
  currency: string;
  stockQuantity: number | null;
  /** `deny` | `continue` (Shopify) or `no` | `notify` | `yes` (WooCommerce backorders). */
  inventoryPolicy: string;
  availableForSale: boolean;
}

export interface StoreProductInput {
  externalId: string;
  title: string;
  handle: string;
  description: string;
  productType: string;
  vendor: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  /** `active` when the store sells it; anything else is kept but not offered. */
  status: string;
  imageUrl: string | null;
  url: string | null;
  storeUpdatedAt: Date;
  variants: StoreVariantInput[];
}

/** One variant's stock as the store answers it now (the live check). */
export interface LiveVariantStock {
  quantity: number | null;
  availableForSale: boolean;
  price: string;
  inventoryPolicy: string;
}

/** Plain text from a store's HTML description. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
