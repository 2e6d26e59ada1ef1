import { parse, print, type DocumentNode } from 'graphql';
import type { GuardedFetch } from '../http/guarded-fetch.ts';
import { ordersQuery, type OrdersPage } from './orders.ts';

/**
 * Shopify Admin GraphQL over exactly the fields the catalog mirrors. Documents are
 * parsed once at load with the `graphql` package, so a typo is a start-up error, not a store's 200 with errors.
 */
export const shopQuery = parse(/* GraphQL */ `
  query Shop {
    shop {
      name
      myshopifyDomain
      primaryDomain {
        url
      }
      currencyCode
    }
  }
`);

const variantFields = /* GraphQL */ `
  fragment VariantFields on ProductVariant {
    id
    title
    sku
    price
    availableForSale
    inventoryQuantity
    inventoryPolicy
    selectedOptions {
      name
      value
    }
    product {
      id
    }
  }
`;

export const productsQuery = parse(/* GraphQL */ `
  query Products($first: Int!, $variantsFirst: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, query: $query) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        title
        handle
        status
        description
        productType
        vendor
        tags
        onlineStoreUrl
        updatedAt
        options {
          name
          values
        }
        featuredImage {
          url
        }
        variants(first: $variantsFirst) {
          nodes {
            id
            title
            sku
            price
            availableForSale
            inventoryQuantity
            inventoryPolicy
            selectedOptions {
              name
              value
            }
          }
        }
      }
    }
  }
`);

export const variantQuery = parse(/* GraphQL */ `
  query Variant($id: ID!) {
    productVariant(id: $id) {
      ...VariantFields
    }
  }
  ${variantFields}
`);

export const webhookSubscriptionCreate = parse(/* GraphQL */ `
  mutation Subscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
      webhookSubscription {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`);

export interface ShopifyShop {
  name: string;
  myshopifyDomain: string;
  primaryDomain: { url: string };
  currencyCode: string;
}

export interface ShopifyVariant {
  id: string;
  title: string;
  sku: string | null;
  price: string;
  availableForSale: boolean;
  inventoryQuantity: number | null;
  inventoryPolicy: 'DENY' | 'CONTINUE';
  selectedOptions: { name: string; value: string }[];
  product: { id: string };
}

export interface ShopifyProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  description: string;
  productType: string;
  vendor: string;
  tags: string[];
  onlineStoreUrl: string | null;
  updatedAt: string;
  options: { name: string; values: string[] }[];
  featuredImage: { url: string } | null;
  variants: { nodes: Omit<ShopifyVariant, 'product'>[] };
}

export interface ProductsPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ShopifyProduct[];
}

export type ShopifyErrorKind =
  'unauthorized' | 'not_found' | 'unreachable' | 'throttled' | 'graphql' | 'bad_response';

export class ShopifyError extends Error {
  readonly kind: ShopifyErrorKind;

  constructor(kind: ShopifyErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'ShopifyError';
  }
}

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface ShopifyAdminClientOptions {
  /** `https://name.myshopify.com` (or `http://127.0.0.1:PORT` in tests). */
  baseUrl: string;
  accessToken: string;
  apiVersion: string;
  fetch: GuardedFetch;
  /** Retries after THROTTLED before giving up. */
  maxThrottleRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShopifyAdminClient(options: ShopifyAdminClientOptions) {
  const endpoint = `${options.baseUrl.replace(/\/$/, '')}/admin/api/${options.apiVersion}/graphql.json`;
  const sleep = options.sleep ?? sleepFor;
  let lastThrottle: ThrottleStatus | null = null;

  async function request<T>(
    document: DocumentNode,
    variables: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<T> {
    const maxRetries = options.maxThrottleRetries ?? 5;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await options.fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': options.accessToken,
          },
          body: JSON.stringify({ query: print(document), variables }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw error instanceof Error && error.name === 'OutboundAddressError'
          ? error
          : new ShopifyError('unreachable', 'The store did not answer');
      }
      if (response.status === 401 || response.status === 403) {
        throw new ShopifyError('unauthorized', 'The store refused the access token');
      }
      if (response.status === 404)
        throw new ShopifyError('not_found', 'No Shopify Admin API at this address');
      let body: {
        data?: T;
        errors?: { message: string; extensions?: { code?: string } }[];
        extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: ThrottleStatus } };
      };
      try {
        body = (await response.json()) as typeof body;
      } catch {
        throw new ShopifyError('bad_response', `The store answered ${response.status} without JSON`);
      }
      const throttle = body.extensions?.cost?.throttleStatus;
      if (throttle) lastThrottle = throttle;
      const throttled =
        response.status === 429 || body.errors?.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        if (attempt >= maxRetries)
          throw new ShopifyError('throttled', 'The store kept throttling our requests');
        // Wait until the bucket refills enough for the query's reserved cost.
        const requested = body.extensions?.cost?.requestedQueryCost ?? 50;
        const waitMs = throttle
          ? Math.max(
              100,
              ((requested - throttle.currentlyAvailable) / Math.max(1, throttle.restoreRate)) * 1000,
            )
          : 1000 * 2 ** attempt;
        await sleep(Math.min(waitMs, 10_000));
        continue;
      }
      if (!response.ok) throw new ShopifyError('bad_response', `The store answered ${response.status}`);
      if (body.errors?.length) {
        throw new ShopifyError(
          'graphql',
          body.errors
            .map((e) => e.message)
            .join('; ')
            .slice(0, 300),
        );
      }
      if (!body.data) throw new ShopifyError('bad_response', 'The store answered without data');
      return body.data;
    }
  }

  return {
    /** The last cost figures Shopify sent (for logs and back-off). */
    lastThrottleStatus: () => lastThrottle,
    async getShop(signal?: AbortSignal): Promise<ShopifyShop> {
      const data = await request<{ shop: ShopifyShop | null }>(shopQuery, {}, signal);
      if (!data.shop?.myshopifyDomain) throw new ShopifyError('bad_response', 'The answer has no shop');
      return data.shop;
    },
    /**
     * One page of products. Shopify caps one query at 1,000 cost points (objects 1, connections 2 + first × node),
     * so the defaults (8 products × 50 variants ≈ 842) stay under it. A product with more than 50 variants is
     * mirrored with its first 50 (its live check still reads any variant by id).
     */
    async listProducts(input: {
      first?: number;
      variantsFirst?: number;
      after: string | null;
      query?: string;
    }): Promise<ProductsPage> {
      const data = await request<{ products: ProductsPage }>(productsQuery, {
        first: input.first ?? 8,
        variantsFirst: input.variantsFirst ?? 50,
        after: input.after,
        query: input.query ?? null,
      });
      return data.products;
    },
    async getVariant(id: string, signal?: AbortSignal): Promise<ShopifyVariant | null> {
      const data = await request<{ productVariant: ShopifyVariant | null }>(variantQuery, { id }, signal);
      return data.productVariant;
    },
    /** Subscribes the shop to a webhook topic (GraphQL enum name, e.g. `ORDERS_PAID`) delivered to `uri`. */
    async subscribeWebhook(topic: string, uri: string): Promise<void> {
      const data = await request<{
        webhookSubscriptionCreate: { userErrors: { message: string }[] } | null;
      }>(webhookSubscriptionCreate, { topic, uri });
      const errors = data.webhookSubscriptionCreate?.userErrors ?? [];
      // Subscribing again to the same address is refused as taken: the subscription is there, which is the point.
      const refused = errors.filter((error) => !/already been taken/i.test(error.message));
      if (refused.length > 0) throw new ShopifyError('graphql', refused.map((e) => e.message).join('; '));
    },
    /** One page of the orders changed after `since`, oldest change first (order reconciliation). */
    async listOrdersUpdatedSince(input: {
      since: Date;
      after: string | null;
      first?: number;
    }): Promise<OrdersPage> {
      const data = await request<{ orders: OrdersPage }>(ordersQuery, {
        first: input.first ?? 10,
        after: input.after,
        query: `updated_at:>'${input.since.toISOString()}'`,
      });
      return data.orders;
    },
  };
}

export type ShopifyAdminClient = ReturnType<typeof createShopifyAdminClient>;

/** The number at the end of a gid (what cart permalinks use). */
export function numericIdOf(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}
