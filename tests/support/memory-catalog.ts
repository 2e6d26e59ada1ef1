import type {
  CatalogProduct,
  CatalogService,
  CatalogVariant,
  FindProductsResult,
  ProductMatch,
  StockAnswer,
} from '#server/modules/assistant/ports.ts';
import { catalogProduct, catalogVariant } from './catalog-products.ts';

/**
 * An in-memory CatalogService for the assistant's step tests: a small store, a plain word-overlap search, and
 * live stock that a test can change. The integration tests use the catalog module itself.
 */
export interface MemoryCatalog extends CatalogService {
  products: CatalogProduct[];
  setStock(variantId: string, quantity: number): void;
  calls: string[];
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

const sizeWords = new Set(['xs', 's', 'm', 'l', 'xl', 'small', 'medium', 'large']);
const sizeAlias: Record<string, string> = { small: 's', medium: 'm', large: 'l' };

export function createMemoryCatalog(products: CatalogProduct[]): MemoryCatalog {
  const stock = new Map<string, number>();
  for (const product of products)
    for (const variant of product.variants) stock.set(variant.id, variant.stockQuantity ?? 0);
  const calls: string[] = [];
  const findVariant = (variantId: string) => {
    for (const product of products) {
      const variant = product.variants.find((item) => item.id === variantId);
      if (variant) return { product, variant };
    }
    throw new Error(`no variant ${variantId}`);
  };

  return {
    products,
    calls,
    setStock(variantId, quantity) {
      stock.set(variantId, quantity);
    },
    async hasStore() {
      return { platform: 'sample', name: 'Memory store' };
    },
    async findProducts({ text, limit = 5 }): Promise<FindProductsResult> {
      calls.push(`find:${text}`);
      const tokens = words(text);
      const requestedOptions: FindProductsResult['requestedOptions'] = [];
      for (const token of tokens) {
        if (sizeWords.has(token))
          requestedOptions.push({ name: 'size', value: (sizeAlias[token] ?? token).toUpperCase() });
        if (['red', 'blue', 'black', 'white', 'green'].includes(token))
          requestedOptions.push({ name: 'color', value: token });
      }
      const scored: ProductMatch[] = [];
      for (const product of products) {
        const titleWords = words(product.title);
        const hits = titleWords.filter((word) => tokens.includes(word) || tokens.includes(`${word}s`)).length;
        if (hits === 0) continue;
        const variantIds = product.variants
          .filter((variant) =>
            requestedOptions.every(
              (wanted) =>
                variant.options.some(
                  (option) =>
                    option.name.toLowerCase().startsWith(wanted.name.slice(0, 3)) &&
                    option.value.toLowerCase() === wanted.value.toLowerCase(),
                ) ||
                !variant.options.some((option) =>
                  option.name.toLowerCase().startsWith(wanted.name.slice(0, 3)),
                ),
            ),
          )
          .map((variant) => variant.id);
        scored.push({
          product,
          variantIds: variantIds.length > 0 ? variantIds : product.variants.map((v) => v.id),
          score: hits / titleWords.length,
        });
      }
      scored.sort((a, b) => b.score - a.score);
      const matches = scored.slice(0, limit);
      const outcome =
        matches.length === 0
          ? 'none'
          : matches.length > 1 && matches[0]!.score === matches[1]!.score
            ? 'ambiguous'
            : 'match';
      return { outcome, matches, requestedOptions };
    },
    async getProduct({ productId }) {
      return products.find((product) => product.id === productId) ?? null;
    },
    async checkStock({ variantId }): Promise<StockAnswer> {
      calls.push(`stock:${variantId}`);
      const { variant } = findVariant(variantId);
      const quantity = stock.get(variantId) ?? 0;
      return {
        variantId,
        quantity,
        availableForSale: quantity > 0,
        price: variant.price,
        currency: variant.currency,
        source: 'live',
        asOf: new Date().toISOString(),
        latencyMs: 1,
      };
    },
    async listAlternatives({ productId, variantId, limit = 3 }) {
      const product = products.find((item) => item.id === productId);
      if (!product) return [];
      const own = product.variants.filter(
        (variant) => variant.id !== variantId && (stock.get(variant.id) ?? 0) > 0,
      );
      const result: ProductMatch[] = [];
      if (own.length > 0) result.push({ product, variantIds: own.map((variant) => variant.id), score: 1 });
      for (const other of products) {
        if (other.id === productId || other.productType !== product.productType) continue;
        const inStock = other.variants.filter((variant) => (stock.get(variant.id) ?? 0) > 0);
        if (inStock.length > 0)
          result.push({ product: other, variantIds: inStock.map((variant) => variant.id), score: 0.5 });
      }
      return result.slice(0, limit);
    },
    async checkoutLink({ variantId, quantity, conversationId }) {
      calls.push(`link:${variantId}`);
      return {
        url: `https://shop.example/cart/${variantId.slice(0, 8)}:${quantity}${conversationId ? `?ref=${conversationId.slice(0, 8)}` : ''}`,
      };
    },
    async basketLink({ items, conversationId }) {
      calls.push(`basket:${items.map((item) => `${item.variantId}:${item.quantity}`).join(',')}`);
      const lines = items.map((item) => `${item.variantId.slice(0, 8)}:${item.quantity}`).join(',');
      return {
        url: `https://shop.example/cart/${lines}${conversationId ? `?ref=${conversationId.slice(0, 8)}` : ''}`,
      };
    },
  };
}

/** A hoodie in three sizes and two colours, a tee, a cap with one variant, and two mugs (ambiguous "mug"). */
export function sampleProducts(): CatalogProduct[] {
  const product = (title: string, productType: string, variants: CatalogVariant[]) =>
    catalogProduct(title, productType, [], variants);
  return [
    product('Cloud Hoodie', 'Hoodies', [
      catalogVariant(
        [
          ['Size', 'S'],
          ['Color', 'Red'],
        ],
        4,
        '59.00',
      ),
      catalogVariant(
        [
          ['Size', 'M'],
          ['Color', 'Red'],
        ],
        0,
        '59.00',
      ),
      catalogVariant(
        [
          ['Size', 'L'],
          ['Color', 'Red'],
        ],
        12,
        '59.00',
      ),
      catalogVariant(
        [
          ['Size', 'M'],
          ['Color', 'Blue'],
        ],
        3,
        '59.00',
      ),
    ]),
    product('Trail Tee', 'Tees', [
      catalogVariant([['Size', 'M']], 20, '25.00'),
      catalogVariant([['Size', 'L']], 0, '25.00'),
    ]),
    product('Canvas Cap', 'Hats', [catalogVariant([['Title', 'Default Title']], 7, '19.50')]),
    product('Camp Mug', 'Mugs', [catalogVariant([['Title', 'Default Title']], 2, '14.00')]),
    product('Travel Mug', 'Mugs', [catalogVariant([['Title', 'Default Title']], 9, '22.00')]),
  ];
}
