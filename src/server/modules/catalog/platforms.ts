import {
  createShopifyAdminClient,
  numericIdOf,
  type ShopifyProduct,
  type ShopifyVariant,
} from '#server/integrations/shopify/admin-client.ts';
import {
  createWooCommerceClient,
  type WooProduct,
  type WooVariation,
} from '#server/integrations/woocommerce/rest-client.ts';
import type { GuardedFetch } from '#server/integrations/http/guarded-fetch.ts';
import type { StoreConnectionRow } from '#server/db/schema/index.ts';
import { mapShopifyOrderNode } from '#server/integrations/shopify/orders.ts';
import { mapWooOrder } from '#server/integrations/woocommerce/orders.ts';
import type { IncomingOrder } from '#server/ports/revenue.ts';
import { findSampleVariant, loadSampleCatalog, sampleCatalogOf } from './sample-store/sample-store.ts';
import type { SampleCatalogName } from '#contracts/catalog.ts';
import {
  stripHtml,
  type LiveVariantStock,
  type StoreProductInput,
  type StoreVariantInput,
} from './store-data.ts';

/** Credentials as sealed in `store_connections.sealed_credentials` (JSON, then the secret box). */
export type StoreCredentials =
  /** `refreshToken` and `expiresAt` come with the OAuth install (expiring offline tokens). */
  | { platform: 'shopify'; accessToken: string; refreshToken?: string; expiresAt?: string }
  | { platform: 'woocommerce'; consumerKey: string; consumerSecret: string };

export interface ProductsPageResult {
  products: StoreProductInput[];
  nextCursor: string | null;
  /** Products in the store when the platform says (WooCommerce X-WP-Total); null otherwise. */
  total: number | null;
}

/** What sync, the live check and the link builder need from a store, whatever its platform. */
export interface StoreClient {
  fetchProductsPage(cursor: string | null): Promise<ProductsPageResult>;
  fetchVariantStock(input: {
    variantExternalId: string;
    productExternalId: string;
    signal: AbortSignal;
  }): Promise<LiveVariantStock | null>;
  /** Orders the store changed after `since`, a page at a time, oldest change first (order reconciliation). */
  ordersChangedSince?(since: Date): AsyncGenerator<IncomingOrder[]>;
  /** Shopify: subscribes the order topics to our webhook address (WooCommerce registers its own at connect). */
  subscribeOrderWebhooks?(uri: string): Promise<void>;
}

export interface PlatformSettings {
  shopifyApiVersion: string;
  fetch: GuardedFetch;
  /** Shopify page size (issue: first ≤ 250). */
  shopifyPageSize?: number;
}

/** `name.myshopify.com` is served over https; a loopback test shop (`127.0.0.1:PORT`) over http. */
export function shopifyBaseUrl(shopDomain: string): string {
  return shopDomain.startsWith('127.0.0.1') ? `http://${shopDomain}` : `https://${shopDomain}`;
}

export function mapShopifyVariant(
  variant: Omit<ShopifyVariant, 'product'>,
  currency: string,
): StoreVariantInput {
  return {
    externalId: variant.id,
    title: variant.title,
    options: variant.selectedOptions.filter(
      (option) => !(option.name === 'Title' && option.value === 'Default Title'),
    ),
    sku: variant.sku || null,
    price: variant.price,
    currency,
    stockQuantity: variant.inventoryQuantity,
    inventoryPolicy: variant.inventoryPolicy.toLowerCase(),
    availableForSale: variant.availableForSale,
  };
}

export function mapShopifyProduct(product: ShopifyProduct, currency: string): StoreProductInput {
  return {
    externalId: product.id,
    title: product.title,
    handle: product.handle,
    description: product.description,
    productType: product.productType,
    vendor: product.vendor,
    tags: product.tags,
    options: product.options.filter(
      (option) => !(option.name === 'Title' && option.values.join() === 'Default Title'),
    ),
    status: product.status.toLowerCase(),
    imageUrl: product.featuredImage?.url ?? null,
    url: product.onlineStoreUrl,
    storeUpdatedAt: new Date(product.updatedAt),
    variants: product.variants.nodes.map((variant) => mapShopifyVariant(variant, currency)),
  };
}

/** WooCommerce stock quoting rule: in stock = purchasable and instock (or backorder). */
export function mapWooStock(
  item: Pick<WooVariation, 'purchasable' | 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'>,
) {
  return {
    stockQuantity: item.manage_stock === true ? item.stock_quantity : null,
    inventoryPolicy: item.backorders,
    availableForSale:
      item.purchasable && (item.stock_status === 'instock' || item.stock_status === 'onbackorder'),
  };
}

export function mapWooProduct(
  product: WooProduct,
  variations: WooVariation[],
  currency: string,
): StoreProductInput {
  const storeUpdatedAt = new Date(`${product.date_modified_gmt}Z`);
  const variants: StoreVariantInput[] =
    product.type === 'variable'
      ? variations.map((variation) => ({
          externalId: String(variation.id),
          title: variation.attributes.map((attribute) => attribute.option).join(' / '),
          options: variation.attributes.map((attribute) => ({
            name: attribute.name,
            value: attribute.option,
          })),
          sku: variation.sku || null,
          price: variation.price,
          currency,
          ...mapWooStock(
            variation.manage_stock === 'parent'
              ? { ...variation, manage_stock: product.manage_stock, stock_quantity: product.stock_quantity }
              : variation,
          ),
        }))
      : [
          {
            externalId: String(product.id),
            title: 'Default Title',
            options: [],
            sku: product.sku || null,
            price: product.price,
            currency,
            ...mapWooStock(product),
          },
        ];
  return {
    externalId: String(product.id),
    title: product.name,
    handle: product.slug,
    description: stripHtml(product.short_description || product.description || ''),
    productType: product.categories[0]?.name ?? '',
    vendor: '',
    tags: product.tags.map((tag) => tag.name),
    options: product.attributes
      .filter((attribute) => product.type !== 'variable' || attribute.variation !== false)
      .map((attribute) => ({ name: attribute.name, values: attribute.options })),
    status: product.status === 'publish' ? 'active' : product.status,
    imageUrl: product.images[0]?.src ?? null,
    url: product.permalink || null,
    storeUpdatedAt: Number.isNaN(storeUpdatedAt.getTime()) ? new Date() : storeUpdatedAt,
    variants,
  };
}

/** Builds one platform's client from the connection, its unsealed credentials and the platform settings. */
type PlatformStoreClient<P extends StoreCredentials['platform']> = (
  connection: StoreConnectionRow,
  credentials: Extract<StoreCredentials, { platform: P }>,
  settings: PlatformSettings,
) => StoreClient;

const createShopifyStoreClient: PlatformStoreClient<'shopify'> = (connection, credentials, settings) => {
  const client = createShopifyAdminClient({
    baseUrl: shopifyBaseUrl(connection.storeKey!),
    accessToken: credentials.accessToken,
    apiVersion: settings.shopifyApiVersion,
    fetch: settings.fetch,
  });
  return {
    async fetchProductsPage(cursor) {
      const page = await client.listProducts({
        ...(settings.shopifyPageSize ? { first: settings.shopifyPageSize } : {}),
        after: cursor,
      });
      return {
        products: page.nodes.map((product) => mapShopifyProduct(product, connection.currency)),
        nextCursor: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
        total: null,
      };
    },
    async *ordersChangedSince(since) {
      let after: string | null = null;
      for (let page = 0; page < 10_000; page += 1) {
        const result = await client.listOrdersUpdatedSince({ since, after });
        yield result.nodes.flatMap((node) => mapShopifyOrderNode(node) ?? []);
        if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) return;
        after = result.pageInfo.endCursor;
      }
    },
    async subscribeOrderWebhooks(uri) {
      for (const topic of ['ORDERS_CREATE', 'ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE']) {
        await client.subscribeWebhook(topic, uri);
      }
    },
    async fetchVariantStock({ variantExternalId, signal }) {
      const variant = await client.getVariant(variantExternalId, signal);
      if (!variant) return null;
      return {
        quantity: variant.inventoryQuantity,
        availableForSale: variant.availableForSale,
        price: variant.price,
        inventoryPolicy: variant.inventoryPolicy.toLowerCase(),
      };
    },
  };
};

const createWooStoreClient: PlatformStoreClient<'woocommerce'> = (connection, credentials, settings) => {
  const client = createWooCommerceClient({
    storeUrl: connection.storeKey!,
    consumerKey: credentials.consumerKey,
    consumerSecret: credentials.consumerSecret,
    fetch: settings.fetch,
  });
  return {
    async *ordersChangedSince(since) {
      for (let page = 1; page <= 10_000; page += 1) {
        const result = await client.listOrdersModifiedAfter(since, page);
        yield result.orders.flatMap((order) => mapWooOrder(order) ?? []);
        if (page >= result.totalPages || result.orders.length === 0) return;
      }
    },
    async fetchProductsPage(cursor) {
      const page = Number(cursor ?? '1');
      const result = await client.listProducts(page, 100);
      const products: StoreProductInput[] = [];
      for (const product of result.products) {
        const variations = product.type === 'variable' ? await client.listVariations(product.id) : [];
        products.push(mapWooProduct(product, variations, connection.currency));
      }
      const totalPages = Number.isFinite(result.totalPages) ? result.totalPages : page;
      return {
        products,
        nextCursor: page < totalPages && result.products.length > 0 ? String(page + 1) : null,
        total: Number.isFinite(result.total) ? result.total : null,
      };
    },
    async fetchVariantStock({ variantExternalId, productExternalId, signal }) {
      const productId = Number(productExternalId);
      const variantId = Number(variantExternalId);
      // A simple product is its own only variant: its stock is the product's.
      const item =
        productId === variantId
          ? await client.getProduct(productId, signal)
          : await client.getVariation(productId, variantId, signal);
      const stock = mapWooStock(item);
      return {
        quantity: stock.stockQuantity,
        availableForSale: stock.availableForSale,
        price: item.price,
        inventoryPolicy: stock.inventoryPolicy,
      };
    },
  };
};

/** The sample store is the shipped file: its "live" answer is that file, read now. */
function createSampleStoreClient(name: SampleCatalogName): StoreClient {
  return {
    async fetchProductsPage() {
      const products = [...loadSampleCatalog(name)];
      return { products, nextCursor: null, total: products.length };
    },
    async fetchVariantStock({ variantExternalId }) {
      const variant = findSampleVariant(variantExternalId, name);
      if (!variant) return null;
      return {
        quantity: variant.stockQuantity,
        availableForSale: variant.availableForSale,
        price: variant.price,
        inventoryPolicy: variant.inventoryPolicy,
      };
    },
  };
}

export function createStoreClient(
  connection: StoreConnectionRow,
  credentials: StoreCredentials | null,
  settings: PlatformSettings,
): StoreClient {
  if (connection.platform === 'sample') return createSampleStoreClient(sampleCatalogOf(connection.storeKey));
  if (connection.platform === 'shopify' && credentials?.platform === 'shopify') {
    return createShopifyStoreClient(connection, credentials, settings);
  }
  if (connection.platform === 'woocommerce' && credentials?.platform === 'woocommerce') {
    return createWooStoreClient(connection, credentials, settings);
  }
  throw new Error(`No credentials for the ${connection.platform} connection`);
}

/** Where the buyer pays, per platform. */
export function buildCheckoutUrl(input: {
  connection: Pick<StoreConnectionRow, 'platform' | 'storefrontUrl' | 'storeKey' | 'checkoutStyle'>;
  variant: { id: string; externalId: string; options: { name: string; value: string }[] };
  productExternalId: string;
  quantity: number;
  /** Further variants on the same link, each with its quantity (several items asked in one message). */
  more?: { variant: { id: string; externalId: string }; quantity: number }[] | undefined;
  conversationId?: string | undefined;
  /** The link's own id (decision 027): the order carries it back and is attributed by it. */
  linkId?: string | undefined;
  publicUrl: string;
}): string {
  const { connection, variant, quantity, conversationId, linkId } = input;
  const more = input.more ?? [];
  if (connection.platform === 'shopify') {
    // /cart/{variant numeric id}:{qty}; the cart attributes land on the order's note attributes and ref on its
    // referral code, which is how an order is attributed (decision 027).
    const base = (connection.storefrontUrl ?? shopifyBaseUrl(connection.storeKey!)).replace(/\/$/, '');
    const lines = [{ variant, quantity }, ...more]
      .map((item) => `${numericIdOf(item.variant.externalId)}:${item.quantity}`)
      .join(',');
    const url = new URL(`${base}/cart/${lines}`);
    const refValue = linkId ?? conversationId;
    url.searchParams.set('ref', refValue ? `voicecart-${refValue}` : 'voicecart');
    if (linkId) url.searchParams.set('attributes[voicecart_link]', linkId);
    if (conversationId) url.searchParams.set('attributes[voicecart_conversation]', conversationId);
    return url.toString();
  }
  if (connection.platform === 'woocommerce') {
    const base = (connection.storefrontUrl ?? connection.storeKey!).replace(/\/$/, '');
    // WooCommerce's order attribution stores these as order meta (`_wc_order_attribution_utm_content`).
    const utm = linkId
      ? `utm_source=instagram&utm_medium=dm&utm_campaign=voicecart&utm_content=${encodeURIComponent(linkId)}`
      : '';
    // An add-to-cart link carries one product only: several items use the core shareable checkout URL, which
    // every store on WooCommerce 9.x has.
    if (connection.checkoutStyle !== 'add-to-cart' || more.length > 0) {
      // Core shareable checkout URL; variation ids are accepted directly.
      const products = [{ variant, quantity }, ...more]
        .map((item) => `${item.variant.externalId}:${item.quantity}`)
        .join(',');
      return `${base}/checkout-link/?products=${encodeURIComponent(products)}${utm ? `&${utm}` : ''}`;
    }
    const url = new URL(`${base}/`);
    url.searchParams.set('add-to-cart', input.productExternalId);
    if (variant.externalId !== input.productExternalId) {
      url.searchParams.set('variation_id', variant.externalId);
      for (const option of variant.options) {
        url.searchParams.set(`attribute_pa_${slugify(option.name)}`, slugify(option.value));
      }
    }
    url.searchParams.set('quantity', String(quantity));
    return utm ? `${url.toString()}&${utm}` : url.toString();
  }
  const url = new URL('/cart/sample', input.publicUrl);
  url.searchParams.set(
    'items',
    [{ variant, quantity }, ...more].map((item) => `${item.variant.id}:${item.quantity}`).join(','),
  );
  const refValue = linkId ?? conversationId;
  if (refValue) url.searchParams.set('ref', refValue);
  return url.toString();
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
