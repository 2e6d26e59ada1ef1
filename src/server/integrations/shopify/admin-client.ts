import { Kind, parse, print, type DocumentNode } from 'graphql';
import { z } from '#contracts/zod.ts';
import type { GuardedFetch } from '../http/guarded-fetch.ts';
import {
  isoTime,
  nullable,
  parseStoreAnswer,
  unexpectedAnswerMessage,
  type StoreResponseError,
} from '../http/store-response.ts';
import { ordersPageSchema, ordersQuery, pageInfoSchema, type OrdersPage } from './orders.ts';
import { IntegrationError } from '../integration-error.ts';

/**
 * Shopify Admin GraphQL over exactly the fields the catalog mirrors. Documents are
 * parsed once at load with the `graphql` package, so a typo is a start-up error, not a store's 200 with errors.
 * Every answer is parsed with zod: a field of another shape is a `ShopifyResponseError` naming it, never a
 * TypeError further on.
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

/** A variant's fields as the mirror and the live stock read both take them. */
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
            ...VariantFields
          }
        }
      }
    }
  }
  ${variantFields}
`);

export const variantQuery = parse(/* GraphQL */ `
  query Variant($id: ID!) {
    productVariant(id: $id) {
      ...VariantFields
      product {
        id
      }
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

// Only the fields the documents above ask for; anything else Shopify adds is dropped.
const shopSchema = z.object({
  name: z.string(),
  myshopifyDomain: z.string().min(1),
  primaryDomain: z.object({ url: z.string() }),
  currencyCode: z.string().regex(/^[A-Z]{3}$/, 'not a currency code'),
});

const variantNodeSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  sku: nullable(z.string()),
  /** Money: a decimal string in the shop's currency. */
  price: z.string().min(1),
  availableForSale: z.boolean(),
  inventoryQuantity: nullable(z.number().int()),
  inventoryPolicy: z.enum(['DENY', 'CONTINUE']),
  selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
});

const variantSchema = variantNodeSchema.extend({ product: z.object({ id: z.string().min(1) }) });

const productSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  handle: z.string(),
  status: z.string(),
  description: z.string(),
  productType: z.string(),
  vendor: z.string(),
  tags: z.array(z.string()),
  onlineStoreUrl: nullable(z.string()),
  updatedAt: isoTime,
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  featuredImage: nullable(z.object({ url: z.string() })),
  variants: z.object({ nodes: z.array(variantNodeSchema) }),
});

const productsPageSchema = z.object({ pageInfo: pageInfoSchema, nodes: z.array(productSchema) });

const subscribeSchema = z.object({
  webhookSubscriptionCreate: nullable(z.object({ userErrors: z.array(z.object({ message: z.string() })) })),
});

export type ShopifyShop = z.infer<typeof shopSchema>;
export type ShopifyVariant = z.infer<typeof variantSchema>;
export type ShopifyProduct = z.infer<typeof productSchema>;
export type ProductsPage = z.infer<typeof productsPageSchema>;

const throttleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});

/**
 * The GraphQL envelope. `errors` is a list on GraphQL errors but a plain string on some HTTP failures; the cost
 * figures only steer back-off, so odd ones are dropped rather than failing the call.
 */
const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .union([
      z.array(
        z.object({
          message: z.string(),
          extensions: z.object({ code: z.string().optional() }).optional().catch(undefined),
        }),
      ),
      z.string().transform((message) => [{ message, extensions: undefined }]),
    ])
    .optional(),
  extensions: z
    .object({
      cost: z
        .object({
          requestedQueryCost: z.number().optional(),
          throttleStatus: throttleStatusSchema.optional(),
        })
        .optional(),
    })
    .optional()
    .catch(undefined),
});

export type ShopifyErrorKind =
  'unauthorized' | 'not_found' | 'unreachable' | 'throttled' | 'graphql' | 'bad_response';

export class ShopifyError extends IntegrationError<ShopifyErrorKind> {
  override name = 'ShopifyError';
}

/** Shopify answered 2xx with a body not of the shape we asked for: which call, and the first wrong field. */
export class ShopifyResponseError extends ShopifyError implements StoreResponseError {
  readonly platform = 'shopify' as const;
  readonly endpoint: string;
  readonly path: string;

  constructor(endpoint: string, issue: { path: string; problem: string }) {
    super('bad_response', unexpectedAnswerMessage(endpoint, issue.path, issue.problem));
    this.name = 'ShopifyResponseError';
    this.endpoint = endpoint;
    this.path = issue.path;
  }
}

/** Parses a Shopify answer, or throws the typed error naming the first wrong field. */
export function parseShopifyAnswer<S extends z.ZodType>(
  endpoint: string,
  schema: S,
  value: unknown,
): z.output<S> {
  const parsed = parseStoreAnswer(schema, value);
  if (!parsed.success) throw new ShopifyResponseError(endpoint, parsed.issue);
  return parsed.data;
}

type ThrottleStatus = z.infer<typeof throttleStatusSchema>;

/** `GraphQL Products`: the operation's name, which says what was asked without the variables. */
function endpointOf(document: DocumentNode): string {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return `GraphQL ${operation && 'name' in operation && operation.name ? operation.name.value : 'query'}`;
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

/** A page of a Shopify connection: `after` the previous page's end cursor (null for the first), `first` its size. */
interface PageInput {
  after: string | null;
  first?: number;
}

export function createShopifyAdminClient(options: ShopifyAdminClientOptions) {
  const graphqlUrl = `${options.baseUrl.replace(/\/$/, '')}/admin/api/${options.apiVersion}/graphql.json`;
  const sleep = options.sleep ?? sleepFor;
  let lastThrottle: ThrottleStatus | null = null;

  async function request<S extends z.ZodType>(
    document: DocumentNode,
    variables: Record<string, unknown>,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const endpoint = endpointOf(document);
    const maxRetries = options.maxThrottleRetries ?? 5;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await options.fetch(graphqlUrl, {
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
      let json: unknown;
      try {
        json = await response.json();
      } catch {
        throw new ShopifyError('bad_response', `The store answered ${response.status} without JSON`);
      }
      const envelope = parseStoreAnswer(envelopeSchema, json);
      if (!envelope.success) {
        // A failed status says more than the shape of its body.
        if (!response.ok && response.status !== 429)
          throw new ShopifyError('bad_response', `The store answered ${response.status}`);
        throw new ShopifyResponseError(endpoint, envelope.issue);
      }
      const body = envelope.data;
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
      if (body.data === undefined || body.data === null)
        throw new ShopifyError('bad_response', 'The store answered without data');
      return parseShopifyAnswer(endpoint, schema, body.data);
    }
  }

  return {
    /** The last cost figures Shopify sent (for logs and back-off). */
    lastThrottleStatus: () => lastThrottle,
    async getShop(signal?: AbortSignal): Promise<ShopifyShop> {
      const data = await request(shopQuery, {}, z.object({ shop: shopSchema }), signal);
      return data.shop;
    },
    /**
     * One page of products. Shopify caps one query at 1,000 cost points (objects 1, connections 2 + first × node),
     * so the defaults (8 products × 50 variants ≈ 842) stay under it. A product with more than 50 variants is
     * mirrored with its first 50 (its live check still reads any variant by id).
     */
    async listProducts(input: PageInput & { variantsFirst?: number; query?: string }): Promise<ProductsPage> {
      const data = await request(
        productsQuery,
        {
          first: input.first ?? 8,
          variantsFirst: input.variantsFirst ?? 50,
          after: input.after,
          query: input.query ?? null,
        },
        z.object({ products: productsPageSchema }),
      );
      return data.products;
    },
    async getVariant(id: string, signal?: AbortSignal): Promise<ShopifyVariant | null> {
      const data = await request(
        variantQuery,
        { id },
        z.object({ productVariant: nullable(variantSchema) }),
        signal,
      );
      return data.productVariant;
    },
    /** Subscribes the shop to a webhook topic (GraphQL enum name, e.g. `ORDERS_PAID`) delivered to `uri`. */
    async subscribeWebhook(topic: string, uri: string): Promise<void> {
      const data = await request(webhookSubscriptionCreate, { topic, uri }, subscribeSchema);
      const errors = data.webhookSubscriptionCreate?.userErrors ?? [];
      // Subscribing again to the same address is refused as taken: the subscription is there, which is the point.
      const refused = errors.filter((error) => !/already been taken/i.test(error.message));
      if (refused.length > 0) throw new ShopifyError('graphql', refused.map((e) => e.message).join('; '));
    },
    /** One page of the orders changed after `since`, oldest change first (order reconciliation). */
    async listOrdersUpdatedSince(input: PageInput & { since: Date }): Promise<OrdersPage> {
      const data = await request(
        ordersQuery,
        {
          first: input.first ?? 10,
          after: input.after,
          query: `updated_at:>'${input.since.toISOString()}'`,
        },
        z.object({ orders: ordersPageSchema }),
      );
      return data.orders;
    },
  };
}

export type ShopifyAdminClient = ReturnType<typeof createShopifyAdminClient>;

/** The number at the end of a gid (what cart permalinks use). */
export function numericIdOf(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}
