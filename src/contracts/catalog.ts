import { z } from './zod.ts';

/** The store connection of a brand, and the Store screen's "Find a product" box. */
export const storePlatforms = ['shopify', 'woocommerce', 'sample'] as const;
export const storePlatformSchema = z.enum(storePlatforms);
export type StorePlatform = z.infer<typeof storePlatformSchema>;

/** `name.myshopify.com`, or `127.0.0.1:PORT` when ALLOW_LOOPBACK_STORES is set (the server checks which). */
const shopDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .regex(
    /^([a-z0-9][a-z0-9-]*\.myshopify\.com|127\.0\.0\.1:\d{1,5})$/,
    "That doesn't look like a Shopify address: use your-shop.myshopify.com",
  );

/** Shopify OAuth install, step 1 (GET, the browser navigates): which shop to install on. */
export const shopifyInstallQuerySchema = z.object({ shop: shopDomainSchema });

/** The callback's query as Shopify sends it; the server checks its HMAC over every parameter. */
export const shopifyCallbackQuerySchema = z.record(z.string().max(100), z.string().max(2000));

/** The built-in sample catalogs: the default one (apparel, beauty, outdoor) and home goods with sports nutrition. */
export const sampleCatalogs = ['apparel', 'home-and-nutrition'] as const;
export type SampleCatalogName = (typeof sampleCatalogs)[number];

export const connectStoreInputSchema = z.discriminatedUnion('platform', [
  z.object({ platform: z.literal('sample'), catalog: z.enum(sampleCatalogs).optional() }).strict(),
  z
    .object({
      platform: z.literal('shopify'),
      shopDomain: shopDomainSchema,
      accessToken: z.string().trim().min(1, 'is required').max(500),
    })
    .strict(),
  z
    .object({
      platform: z.literal('woocommerce'),
      storeUrl: z.url({ protocol: /^https?$/ }).max(2000),
      consumerKey: z.string().trim().min(1, 'is required').max(200),
      consumerSecret: z.string().trim().min(1, 'is required').max(200),
    })
    .strict(),
]);
export type ConnectStoreInput = z.infer<typeof connectStoreInputSchema>;

export const syncStateSchema = z.enum(['idle', 'running', 'done', 'failed']);

/** A connection as the API shows it: never a credential. */
export const storeConnectionSchema = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  platform: storePlatformSchema,
  name: z.string(),
  /** Shopify `*.myshopify.com` or the WooCommerce address; null for the sample store. */
  storeAddress: z.string().nullable(),
  currency: z.string(),
  productCount: z.number().int(),
  variantCount: z.number().int(),
  sync: z.object({
    state: syncStateSchema,
    done: z.number().int(),
    total: z.number().int().nullable(),
    error: z.string().nullable(),
    startedAt: z.string().nullable(),
    lastSyncAt: z.string().nullable(),
  }),
  lastWebhookAt: z.string().nullable(),
  connectedAt: z.string(),
});
export type StoreConnection = z.infer<typeof storeConnectionSchema>;

export const storeStatusSchema = z.object({ connection: storeConnectionSchema.nullable() });
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export const findProductQuerySchema = z.object({
  q: z.string().trim().min(1, 'is required').max(500),
});

export const catalogVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  sku: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
  availableForSale: z.boolean(),
  stockQuantity: z.number().int().nullable(),
});

export const catalogProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  productType: z.string(),
  vendor: z.string(),
  tags: z.array(z.string()),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  variants: z.array(catalogVariantSchema),
});

export const stockAnswerSchema = z.object({
  variantId: z.string(),
  quantity: z.number().int().nullable(),
  availableForSale: z.boolean(),
  price: z.string(),
  currency: z.string(),
  source: z.enum(['live', 'mirror']),
  asOf: z.string(),
  latencyMs: z.number(),
});

/** The three answers for one buyer text, each with how long it took. */
export const findProductResultSchema = z.object({
  outcome: z.enum(['match', 'ambiguous', 'none']),
  matches: z.array(
    z.object({ product: catalogProductSchema, variantIds: z.array(z.string()), score: z.number() }),
  ),
  requestedOptions: z.array(z.object({ name: z.enum(['size', 'color', 'other']), value: z.string() })),
  stock: stockAnswerSchema.nullable(),
  checkoutUrl: z.string().nullable(),
  latencyMs: z.object({
    find: z.number(),
    stock: z.number().nullable(),
    link: z.number().nullable(),
    total: z.number(),
  }),
});
export type FindProductResult = z.infer<typeof findProductResultSchema>;

/** The sample store's cart page (public): what a checkout link of the sample store holds. */
export const sampleCartQuerySchema = z.object({
  items: z
    .string()
    .max(2000)
    .regex(/^[0-9a-f-]{36}:\d{1,3}(,[0-9a-f-]{36}:\d{1,3})*$/i, 'must be variantId:quantity pairs'),
});
export const sampleCartSchema = z.object({
  storeName: z.string(),
  lines: z.array(
    z.object({
      productTitle: z.string(),
      variantTitle: z.string(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      currency: z.string(),
      availableForSale: z.boolean(),
    }),
  ),
});
export type SampleCart = z.infer<typeof sampleCartSchema>;
