import { z } from '#contracts/zod.ts';
import {
  decimalString,
  isoTime,
  nullable,
  numericId,
  parseWebhookBody,
  type ParsedWebhookBody,
} from '../http/store-response.ts';
import {
  shopifyRestOrderSchema,
  shopifyRestRefundSchema,
  type ShopifyRestOrder,
  type ShopifyRestRefund,
} from './orders.ts';

/**
 * The bodies of the Shopify webhooks we subscribe to (REST resources), parsed with zod after the signature holds.
 * Only the fields the catalog and revenue read are kept; what Shopify may leave out is optional.
 */
const restVariantSchema = z.object({
  id: numericId,
  admin_graphql_api_id: z.string().optional(),
  title: z.string(),
  sku: nullable(z.string()),
  price: decimalString,
  inventory_quantity: nullable(z.number().int()),
  inventory_policy: z.string().optional(),
  /** Null when Shopify does not track the variant's stock. */
  inventory_management: nullable(z.string()),
  inventory_item_id: numericId.optional(),
  option1: nullable(z.string()),
  option2: nullable(z.string()),
  option3: nullable(z.string()),
});

const restProductSchema = z.object({
  id: numericId,
  admin_graphql_api_id: z.string().optional(),
  title: z.string(),
  handle: z.string().optional(),
  body_html: nullable(z.string()),
  product_type: z.string().optional(),
  vendor: z.string().optional(),
  /** A comma-separated string in the REST resource; a list is read the same. */
  tags: z.union([z.string(), z.array(z.string()).transform((tags) => tags.join(','))]).optional(),
  status: z.string().optional(),
  updated_at: isoTime,
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).optional(),
  image: nullable(z.object({ src: z.string() })),
  variants: z.array(restVariantSchema).optional(),
});

const productDeletionSchema = z.object({ id: numericId, admin_graphql_api_id: z.string().optional() });

/** `inventory_levels/update`: no variant id, only the inventory item (mapped to its variant by the mirror). */
const inventoryLevelSchema = z.object({ inventory_item_id: numericId });

export type ShopifyRestProduct = z.infer<typeof restProductSchema>;

export type ShopifyWebhookBody =
  | { kind: 'order'; order: ShopifyRestOrder }
  | { kind: 'refund'; refund: ShopifyRestRefund }
  | { kind: 'product'; product: ShopifyRestProduct }
  | { kind: 'product-deleted'; productId: string }
  | { kind: 'inventory-level'; inventoryItemId: string }
  /** A topic we do not act on: any JSON object. */
  | { kind: 'other' };

export type ParsedShopifyWebhook = ParsedWebhookBody<ShopifyWebhookBody>;

export const shopifyOrderTopics = new Set([
  'orders/create',
  'orders/paid',
  'orders/updated',
  'orders/cancelled',
]);

function schemaOf(topic: string): z.ZodType<ShopifyWebhookBody> {
  if (shopifyOrderTopics.has(topic))
    return shopifyRestOrderSchema.transform((order) => ({ kind: 'order' as const, order }));
  if (topic === 'refunds/create')
    return shopifyRestRefundSchema.transform((refund) => ({ kind: 'refund' as const, refund }));
  if (topic === 'products/create' || topic === 'products/update')
    return restProductSchema.transform((product) => ({ kind: 'product' as const, product }));
  if (topic === 'products/delete') {
    return productDeletionSchema.transform((body) => ({
      kind: 'product-deleted' as const,
      productId: body.admin_graphql_api_id ?? `gid://shopify/Product/${body.id}`,
    }));
  }
  if (topic === 'inventory_levels/update') {
    return inventoryLevelSchema.transform((body) => ({
      kind: 'inventory-level' as const,
      inventoryItemId: body.inventory_item_id,
    }));
  }
  return z.record(z.string(), z.unknown()).transform(() => ({ kind: 'other' as const }));
}

/** A signed body (raw bytes) read for its topic; the reason names the first wrong field when it does not fit. */
export function parseShopifyWebhookBody(topic: string, raw: Buffer): ParsedShopifyWebhook {
  return parseWebhookBody(schemaOf(topic), topic, raw);
}
