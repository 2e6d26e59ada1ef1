import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  buildSchema,
  graphql,
  Kind,
  parse,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { signShopifyWebhook } from '#server/integrations/shopify/webhook-signature.ts';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * A Shopify Admin GraphQL API on 127.0.0.1 for tests and benchmarks. The schema holds exactly the fields the catalog
 * mirrors, so any valid query over them works and anything else is a GraphQL validation error, as on
 * Shopify. Every answer carries `extensions.cost` from a leaky bucket; throttling, failures and delays on demand.
 */
const schema = buildSchema(/* GraphQL */ `
  scalar Money
  scalar URL
  scalar DateTime

  interface Node {
    id: ID!
  }

  type Query {
    shop: Shop!
    products(first: Int!, after: String, query: String): ProductConnection!
    nodes(ids: [ID!]!): [Node]!
    productVariant(id: ID!): ProductVariant
    orders(first: Int!, after: String, query: String, sortKey: OrderSortKeys): OrderConnection!
  }

  type Mutation {
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
  }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_PAID
    ORDERS_UPDATED
    ORDERS_CANCELLED
    REFUNDS_CREATE
    PRODUCTS_CREATE
    PRODUCTS_UPDATE
    PRODUCTS_DELETE
    INVENTORY_LEVELS_UPDATE
    APP_UNINSTALLED
  }
  enum WebhookSubscriptionFormat {
    JSON
  }
  input WebhookSubscriptionInput {
    uri: String
    format: WebhookSubscriptionFormat
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  enum OrderSortKeys {
    UPDATED_AT
    CREATED_AT
    ID
  }
  type MoneyV2 {
    amount: Money!
    currencyCode: String!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
  }
  type Attribute {
    key: String!
    value: String
  }
  type CustomerVisit {
    referralCode: String
  }
  type CustomerJourneySummary {
    lastVisit: CustomerVisit
  }
  type LineItem {
    title: String!
    quantity: Int!
    originalTotalSet: MoneyBag!
  }
  type LineItemConnection {
    nodes: [LineItem!]!
  }
  type Order implements Node {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime
    cancelledAt: DateTime
    displayFinancialStatus: String
    totalPriceSet: MoneyBag!
    totalRefundedSet: MoneyBag!
    customAttributes: [Attribute!]!
    customerJourneySummary: CustomerJourneySummary
    lineItems(first: Int!): LineItemConnection!
  }
  type OrderConnection {
    pageInfo: PageInfo!
    nodes: [Order!]!
  }

  type Shop {
    name: String!
    myshopifyDomain: String!
    primaryDomain: Domain!
    currencyCode: String!
  }
  type Domain {
    url: URL!
  }
  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }
  type ProductConnection {
    pageInfo: PageInfo!
    nodes: [Product!]!
  }
  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
    UNLISTED
  }
  enum ProductVariantInventoryPolicy {
    DENY
    CONTINUE
  }
  type ProductOption {
    name: String!
    values: [String!]!
  }
  type Image {
    url: URL!
  }
  type SelectedOption {
    name: String!
    value: String!
  }

  type Product implements Node {
    id: ID!
    title: String!
    handle: String!
    status: ProductStatus!
    description: String!
    productType: String!
    vendor: String!
    tags: [String!]!
    onlineStoreUrl: URL
    updatedAt: DateTime!
    options: [ProductOption!]!
    featuredImage: Image
    variants(first: Int!): ProductVariantConnection!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
  }
  type ProductVariant implements Node {
    id: ID!
    title: String!
    sku: String
    price: Money!
    availableForSale: Boolean!
    inventoryQuantity: Int
    inventoryPolicy: ProductVariantInventoryPolicy!
    selectedOptions: [SelectedOption!]!
    product: Product!
  }
`);

export interface FakeShopifyVariant {
  id: string;
  title: string;
  sku: string | null;
  price: string;
  availableForSale: boolean;
  inventoryQuantity: number | null;
  inventoryPolicy: 'DENY' | 'CONTINUE';
  selectedOptions: { name: string; value: string }[];
}

export interface FakeShopifyProduct {
  id: string;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';
  description: string;
  productType: string;
  vendor: string;
  tags: string[];
  onlineStoreUrl: string | null;
  updatedAt: string;
  options: { name: string; values: string[] }[];
  featuredImage: { url: string } | null;
  variants: FakeShopifyVariant[];
}

/** An order as Shopify's REST resource (the `orders/*` webhook body), with its refunds. */
export interface FakeShopifyOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  order_number: number;
  created_at: string;
  updated_at: string;
  processed_at: string;
  cancelled_at: string | null;
  currency: string;
  total_price: string;
  financial_status: string;
  note_attributes: { name: string; value: string }[];
  landing_site: string;
  landing_site_ref: string | null;
  order_status_url: string;
  line_items: {
    id: number;
    variant_id: number;
    product_id: number;
    title: string;
    quantity: number;
    price: string;
  }[];
  refunds: {
    id: number;
    order_id: number;
    created_at: string;
    transactions: { amount: string; kind: string; status: string }[];
    refund_line_items: unknown[];
  }[];
}

export interface RecordedCall {
  path: string;
  query: string;
  variables: Record<string, unknown>;
  accessToken: string | undefined;
}

export interface FakeShopifyAdmin {
  /** `127.0.0.1:PORT`: what a brand owner types as the shop domain when loopback stores are allowed. */
  shopDomain: string;
  url: string;
  accessToken: string;
  shop: { name: string; myshopifyDomain: string; primaryDomain: { url: string }; currencyCode: string };
  products: FakeShopifyProduct[];
  calls: RecordedCall[];
  /** The next `count` GraphQL requests answer THROTTLED (after cost accounting). */
  throttleNext(count: number): void;
  /** The next `count` requests answer this HTTP status with an error body. */
  failNext(count: number, status: number): void;
  /**
   * The next 200 answer (GraphQL or OAuth token) goes out as `edit` returns it, given a copy of the JSON the fake
   * would send: a store answering in a shape we do not expect.
   */
  alterNextAnswer(edit: (body: any) => unknown): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Every request waits this long before answering (timeouts). */
  delayMs: number;
  /** Bucket settings. */
  bucket: { maximumAvailable: number; restoreRate: number; currentlyAvailable: number };
  findVariant(id: string): FakeShopifyVariant | undefined;
  /** OAuth app settings and state: codes the "merchant" approved, live refresh tokens, token lifetime. */
  oauth: {
    clientId: string;
    clientSecret: string;
    codes: Set<string>;
    refreshTokens: Set<string>;
    issued: number;
    expiresIn: number;
  };
  orders: FakeShopifyOrder[];
  /** Webhook subscriptions created through `webhookSubscriptionCreate`. */
  subscriptions: { topic: string; uri: string }[];
  /**
   * A buyer checks out a cart permalink: the order carries its cart attributes (note_attributes) and `ref`
   * (landing_site_ref) as Shopify records them. `paid: false` leaves it pending.
   */
  checkout(cartUrl: string, options?: { paid?: boolean; at?: Date }): FakeShopifyOrder;
  /** Marks paid, cancels or refunds (an amount in the shop's currency), moving `updated_at` on. */
  markPaid(orderId: number, at?: Date): FakeShopifyOrder;
  cancel(orderId: number, at?: Date): FakeShopifyOrder;
  refund(orderId: number, amount: string, at?: Date): FakeShopifyOrder['refunds'][number];
  /** Posts a signed webhook to `url` the way Shopify does (raw JSON body, base64 HMAC of it). */
  deliverWebhook(input: {
    url: string;
    topic: string;
    body: unknown;
    secret: string;
    eventId: string;
    webhookId?: string;
    triggeredAt?: string;
    badSignature?: boolean;
  }): Promise<Response>;
  close(): Promise<void>;
}

const SINGLE_QUERY_MAX_COST = 1000;

/** Cost as Shopify computes it: objects 1, scalars 0, connections 2 + first × node cost. */
function costOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
): number {
  if (!selectionSet) return 0;
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      total += costOf(fragments.get(selection.name.value)?.selectionSet, fragments);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      total += costOf(selection.selectionSet, fragments);
    } else {
      const field = selection as FieldNode;
      if (!field.selectionSet) continue;
      const first = field.arguments?.find((argument) => argument.name.value === 'first');
      if (first) {
        const size = first.value.kind === Kind.INT ? Number(first.value.value) : 50;
        const nodes = field.selectionSet.selections.find(
          (s) => s.kind === Kind.FIELD && (s as FieldNode).name.value === 'nodes',
        ) as FieldNode | undefined;
        total += 2 + size * (1 + costOf(nodes?.selectionSet, fragments));
      } else if (field.name.value !== 'nodes' && field.name.value !== 'pageInfo') {
        total += 1 + costOf(field.selectionSet, fragments);
      } else {
        total += costOf(field.selectionSet, fragments);
      }
    }
  }
  return total;
}

/** Replaces `first: $var` by the variable's value so the cost can be read from the document. */
function inlineFirst(query: string, variables: Record<string, unknown>): string {
  return query.replace(
    /first:\s*\$(\w+)/g,
    (_match, name: string) => `first: ${Number(variables[name] ?? 50)}`,
  );
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeShopifyAdmin(
  options: {
    accessToken?: string;
    products?: FakeShopifyProduct[];
    currencyCode?: string;
    /** The first order's number (two fakes standing for two shops number their orders apart). */
    firstOrderId?: number;
  } = {},
): Promise<FakeShopifyAdmin> {
  let throttles = 0;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const alterations: ((body: any) => unknown)[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let lastRefill = Date.now();
  const oauth = {
    clientId: 'app-client-id',
    clientSecret: 'app-client-secret',
    codes: new Set<string>(),
    refreshTokens: new Set<string>(),
    issued: 0,
    expiresIn: 3600,
  };

  const state = {
    accessToken: options.accessToken ?? 'shpat_test_token',
    products: options.products ?? [],
    calls: [] as RecordedCall[],
    delayMs: 0,
    // Generous unless a test or benchmark lowers it: throttling then happens only when asked for.
    bucket: { maximumAvailable: 2000, restoreRate: 10_000_000, currentlyAvailable: 2000 },
  };

  const orders: FakeShopifyOrder[] = [];
  const subscriptions: { topic: string; uri: string }[] = [];
  let nextOrder = options.firstOrderId ?? 1001;
  const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const decimal = (value: number) => (value / 100).toFixed(2);
  const asNode = (order: FakeShopifyOrder) => ({
    __typename: 'Order',
    id: order.admin_graphql_api_id,
    name: order.name,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    processedAt: order.processed_at,
    cancelledAt: order.cancelled_at,
    displayFinancialStatus: order.financial_status.toUpperCase(),
    totalPriceSet: money(order.total_price, order.currency),
    totalRefundedSet: money(
      decimal(
        order.refunds.reduce(
          (sum, refund) => sum + refund.transactions.reduce((t, x) => t + cents(x.amount), 0),
          0,
        ),
      ),
      order.currency,
    ),
    customAttributes: order.note_attributes.map((note) => ({ key: note.name, value: note.value })),
    customerJourneySummary: { lastVisit: { referralCode: order.landing_site_ref } },
    lineItems: ({ first }: { first: number }) => ({
      nodes: order.line_items.slice(0, first).map((line) => ({
        title: line.title,
        quantity: line.quantity,
        originalTotalSet: money(decimal(cents(line.price) * line.quantity), order.currency),
      })),
    }),
  });

  const variantIndex = () => {
    const map = new Map<string, { variant: FakeShopifyVariant; product: FakeShopifyProduct }>();
    for (const product of state.products)
      for (const variant of product.variants) map.set(variant.id, { variant, product });
    return map;
  };

  const withProduct = (product: FakeShopifyProduct) => ({
    __typename: 'Product',
    ...product,
    variants: ({ first }: { first: number }) => ({
      nodes: product.variants.slice(0, first).map((variant) => withVariant(variant, product)),
    }),
  });
  const withVariant = (
    variant: FakeShopifyVariant,
    product: FakeShopifyProduct,
  ): Record<string, unknown> => ({
    __typename: 'ProductVariant',
    ...variant,
    product: () => withProduct(product),
  });

  const rootValue = {
    shop: () => fake.shop,
    orders: ({ first, after, query }: { first: number; after?: string | null; query?: string | null }) => {
      // The reconciliation filter: updated_at:>'ISO' (quotes optional), oldest change first.
      const since = /updated_at:>'?([^' ]+)'?/.exec(query ?? '')?.[1];
      const matching = orders
        .filter((order) => !since || Date.parse(order.updated_at) > Date.parse(since))
        .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at) || a.id - b.id);
      const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
      const slice = matching.slice(start, start + Math.min(first, 250));
      const end = start + slice.length;
      return {
        pageInfo: {
          hasNextPage: end < matching.length,
          endCursor: slice.length > 0 ? Buffer.from(String(end)).toString('base64url') : null,
        },
        nodes: slice.map(asNode),
      };
    },
    webhookSubscriptionCreate: ({
      topic,
      webhookSubscription,
    }: {
      topic: string;
      webhookSubscription: { uri?: string };
    }) => {
      if (!webhookSubscription.uri) {
        return {
          webhookSubscription: null,
          userErrors: [{ field: ['uri'], message: "Address can't be blank" }],
        };
      }
      subscriptions.push({ topic, uri: webhookSubscription.uri });
      return {
        webhookSubscription: { id: `gid://shopify/WebhookSubscription/${subscriptions.length}`, topic },
        userErrors: [],
      };
    },
    products: ({ first, after }: { first: number; after?: string | null }) => {
      const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
      const slice = state.products.slice(start, start + Math.min(first, 250));
      const end = start + slice.length;
      return {
        pageInfo: {
          hasNextPage: end < state.products.length,
          endCursor: slice.length > 0 ? Buffer.from(String(end)).toString('base64url') : null,
        },
        nodes: slice.map(withProduct),
      };
    },
    productVariant: ({ id }: { id: string }) => {
      const found = variantIndex().get(id);
      return found ? withVariant(found.variant, found.product) : null;
    },
    nodes: ({ ids }: { ids: string[] }) => {
      const index = variantIndex();
      return ids.map((id) => {
        const found = index.get(id);
        if (found) return withVariant(found.variant, found.product);
        const product = state.products.find((p) => p.id === id);
        return product ? withProduct(product) : null;
      });
    },
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const alter = status === 200 ? alterations.shift() : undefined;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(alter ? alter(structuredClone(body)) : body));
  };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (response.destroyed) return;
    const path = (request.url ?? '').split('?')[0]!;
    const token = request.headers['x-shopify-access-token'] as string | undefined;
    let parsedBody: { query?: string; variables?: Record<string, unknown> } = {};
    try {
      parsedBody = JSON.parse(raw || '{}') as typeof parsedBody;
    } catch {
      // recorded with an empty query below
    }
    state.calls.push({
      path,
      query: parsedBody.query ?? '',
      variables: parsedBody.variables ?? {},
      accessToken: token,
    });
    if (failures.count > 0) {
      failures.count -= 1;
      return send(response, failures.status, { errors: 'Internal error' });
    }
    if (request.method === 'POST' && path === '/admin/oauth/access_token') {
      // OAuth: a code once, or a refresh token; both answers rotate the refresh token.
      const form = new URLSearchParams(raw);
      if (form.get('client_id') !== oauth.clientId || form.get('client_secret') !== oauth.clientSecret) {
        return send(response, 401, { error: 'invalid_client' });
      }
      const grant = form.get('grant_type');
      const valid =
        grant === 'refresh_token'
          ? oauth.refreshTokens.delete(form.get('refresh_token') ?? '')
          : oauth.codes.delete(form.get('code') ?? '');
      if (!valid) return send(response, 400, { error: 'invalid_request' });
      oauth.issued += 1;
      state.accessToken = `shpat_oauth_${oauth.issued}`;
      const refreshToken = `shprt_${oauth.issued}`;
      oauth.refreshTokens.add(refreshToken);
      return send(response, 200, {
        access_token: state.accessToken,
        expires_in: oauth.expiresIn,
        refresh_token: refreshToken,
        refresh_token_expires_in: 7_776_000,
        scope: 'read_products,read_inventory,read_orders',
      });
    }
    if (request.method !== 'POST' || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(path)) {
      return send(response, 404, { errors: 'Not Found' });
    }
    if (token !== state.accessToken) {
      return send(response, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    const variables = parsedBody.variables ?? {};
    let requested = 1;
    try {
      const document = parse(inlineFirst(parsedBody.query ?? '', variables));
      const fragments = new Map(
        document.definitions
          .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
          .map((d) => [d.name.value, d]),
      );
      const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      requested = Math.max(
        1,
        operation && 'selectionSet' in operation ? costOf(operation.selectionSet, fragments) : 1,
      );
    } catch {
      requested = 1;
    }
    // Leaky bucket: refill since the last request, then reserve the requested cost.
    const now = Date.now();
    const bucket = state.bucket;
    bucket.currentlyAvailable = Math.min(
      bucket.maximumAvailable,
      bucket.currentlyAvailable + ((now - lastRefill) / 1000) * bucket.restoreRate,
    );
    lastRefill = now;
    const throttleStatus = () => ({
      maximumAvailable: bucket.maximumAvailable,
      currentlyAvailable: Math.floor(bucket.currentlyAvailable),
      restoreRate: bucket.restoreRate,
    });
    if (requested > SINGLE_QUERY_MAX_COST) {
      return send(response, 200, {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED' },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }
    if (throttles > 0 || bucket.currentlyAvailable < requested) {
      if (throttles > 0) throttles -= 1;
      return send(response, 200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }
    bucket.currentlyAvailable -= requested;
    const result = await graphql({
      schema,
      source: parsedBody.query ?? '',
      rootValue,
      variableValues: variables,
    });
    send(response, 200, {
      ...(result.errors ? { errors: result.errors.map((e) => ({ message: e.message })) } : {}),
      ...(result.data ? { data: result.data } : {}),
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: throttleStatus() },
      },
    });
  });
  const port = await listenOnLoopback(server);

  const fake: FakeShopifyAdmin = {
    shopDomain: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    get accessToken() {
      return state.accessToken;
    },
    shop: {
      name: 'Acme Outfitters',
      myshopifyDomain: 'acme-outfitters.myshopify.com',
      primaryDomain: { url: 'https://shop.acme.example' },
      currencyCode: options.currencyCode ?? 'EUR',
    },
    get products() {
      return state.products;
    },
    set products(value) {
      state.products = value;
    },
    calls: state.calls,
    throttleNext(count) {
      throttles = count;
    },
    failNext(count, status) {
      failures = { count, status };
    },
    alterNextAnswer(edit) {
      alterations.push(edit);
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    bucket: state.bucket,
    orders,
    subscriptions,
    checkout(cartUrl, checkoutOptions = {}) {
      const url = new URL(cartUrl);
      const items = decodeURIComponent(url.pathname.replace(/^.*\/cart\//, '')).split(',');
      const index = variantIndex();
      const lines = items.map((item, i) => {
        const [numeric, quantity] = item.split(':');
        const found = index.get(`gid://shopify/ProductVariant/${numeric}`);
        if (!found) throw new Error(`no variant ${numeric}`);
        return {
          id: nextOrder * 100 + i,
          variant_id: Number(numeric),
          product_id: Number(found.product.id.split('/').pop()),
          title: found.product.title,
          quantity: Number(quantity),
          price: found.variant.price,
        };
      });
      const at = (checkoutOptions.at ?? new Date()).toISOString();
      const id = nextOrder++;
      const attributes = [...url.searchParams].flatMap(([key, value]) => {
        const match = /^attributes\[(.+)\]$/.exec(key);
        return match ? [{ name: match[1]!, value }] : [];
      });
      const order: FakeShopifyOrder = {
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        name: `#${id}`,
        order_number: id,
        created_at: at,
        updated_at: at,
        processed_at: at,
        cancelled_at: null,
        currency: fake.shop.currencyCode,
        total_price: decimal(lines.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0)),
        financial_status: checkoutOptions.paid === false ? 'pending' : 'paid',
        note_attributes: attributes,
        landing_site: `${url.pathname}${url.search}`,
        landing_site_ref: url.searchParams.get('ref'),
        order_status_url: `${fake.url}/${id}/orders/token${id}/authenticate?key=k${id}`,
        line_items: lines,
        refunds: [],
      };
      orders.push(order);
      return order;
    },
    markPaid(orderId, at = new Date()) {
      const order = orders.find((o) => o.id === orderId)!;
      order.financial_status = 'paid';
      order.updated_at = at.toISOString();
      return order;
    },
    cancel(orderId, at = new Date()) {
      const order = orders.find((o) => o.id === orderId)!;
      order.cancelled_at = at.toISOString();
      order.updated_at = at.toISOString();
      return order;
    },
    refund(orderId, amount, at = new Date()) {
      const order = orders.find((o) => o.id === orderId)!;
      const refund = {
        id: orderId * 10 + order.refunds.length + 1,
        order_id: orderId,
        created_at: at.toISOString(),
        transactions: [{ amount, kind: 'refund', status: 'success' }],
        refund_line_items: [],
      };
      order.refunds.push(refund);
      const refunded = order.refunds.reduce((sum, r) => sum + cents(r.transactions[0]!.amount), 0);
      order.financial_status = refunded >= cents(order.total_price) ? 'refunded' : 'partially_refunded';
      order.updated_at = at.toISOString();
      return refund;
    },
    findVariant: (id) => variantIndex().get(id)?.variant,
    oauth,
    async deliverWebhook(input) {
      const body = Buffer.from(JSON.stringify(input.body));
      const signature = signShopifyWebhook(body, input.badSignature ? `${input.secret}-wrong` : input.secret);
      return fetch(input.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': signature,
          'x-shopify-topic': input.topic,
          'x-shopify-shop-domain': fake.shopDomain,
          'x-shopify-api-version': '2026-10',
          'x-shopify-event-id': input.eventId,
          'x-shopify-webhook-id': input.webhookId ?? `wh-${input.eventId}`,
          'x-shopify-triggered-at': input.triggeredAt ?? new Date().toISOString(),
        },
        body,
      });
    },
    close: () => closeServer(server),
  };
  return fake;
}

/** `count` products with sizes and colours, numbered, for sync tests and benchmarks. */
export function makeShopifyProducts(
  count: number,
  options: { variantsPerProduct?: number; startId?: number } = {},
): FakeShopifyProduct[] {
  const sizes = ['XS', 'S', 'M', 'L', 'XL'];
  const colors = ['Black', 'Navy', 'Olive', 'Sand'];
  const kinds = [
    'Hoodie',
    'Tee',
    'Jacket',
    'Jeans',
    'Sweater',
    'Shorts',
    'Dress',
    'Beanie',
    'Backpack',
    'Serum',
  ];
  const adjectives = [
    'Classic',
    'Everyday',
    'Organic',
    'Vintage',
    'Alpine',
    'Coastal',
    'Urban',
    'Heritage',
    'Studio',
    'Trail',
  ];
  const perProduct = options.variantsPerProduct ?? 3;
  const start = options.startId ?? 1;
  return Array.from({ length: count }, (_, index) => {
    const n = start + index;
    const kind = kinds[n % kinds.length]!;
    const title = `${adjectives[Math.floor(n / kinds.length) % adjectives.length]} ${kind} ${n}`;
    const variants = Array.from({ length: perProduct }, (_, v) => {
      const size = sizes[v % sizes.length]!;
      const color = colors[Math.floor(v / sizes.length) % colors.length]!;
      const quantity = (n * 7 + v * 3) % 13;
      return {
        id: `gid://shopify/ProductVariant/${n * 100 + v}`,
        title: `${size} / ${color}`,
        sku: `SKU-${n}-${size}-${color.toUpperCase()}`,
        price: `${(20 + (n % 80)).toFixed(2)}`,
        availableForSale: quantity > 0,
        inventoryQuantity: quantity,
        inventoryPolicy: 'DENY' as const,
        selectedOptions: [
          { name: 'Size', value: size },
          { name: 'Color', value: color },
        ],
      };
    });
    return {
      id: `gid://shopify/Product/${n}`,
      title,
      handle: title.toLowerCase().replace(/\s+/g, '-'),
      status: 'ACTIVE' as const,
      description: `${title}, made to last.`,
      productType: kind,
      vendor: 'Acme',
      tags: [kind.toLowerCase(), n % 2 === 0 ? 'new' : 'bestseller'],
      onlineStoreUrl: `https://shop.acme.example/products/${title.toLowerCase().replace(/\s+/g, '-')}`,
      updatedAt: '2026-11-01T10:00:00Z',
      options: [
        { name: 'Size', values: [...new Set(variants.map((v) => v.selectedOptions[0]!.value))] },
        { name: 'Color', values: [...new Set(variants.map((v) => v.selectedOptions[1]!.value))] },
      ],
      featuredImage: { url: `https://cdn.acme.example/${n}.jpg` },
      variants,
    };
  });
}
