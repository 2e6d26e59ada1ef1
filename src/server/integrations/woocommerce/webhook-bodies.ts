import { z } from '#contracts/zod.ts';
import { nullable, parseWebhookBody, type ParsedWebhookBody } from '../http/store-response.ts';
import { wooOrderSchema, type WooOrder } from './orders.ts';
import { wooProductSchema, type WooProduct } from './rest-client.ts';

/**
 * WooCommerce webhook bodies, parsed with zod after the signature holds. A delivery's body is the REST resource of
 * its topic, so products and orders take the clients' own schemas; any other topic needs only the resource id
 * (and its change time, part of the dedupe key when the store sends no delivery id).
 */
const resourceSchema = z.object({
  id: z.number().int().positive(),
  date_modified_gmt: nullable(z.string()),
});

interface Resource {
  id: number;
  /** `date_modified_gmt` as sent. */
  modifiedAt: string | null;
}

export type WooWebhookBody =
  | (Resource & { kind: 'order'; order: WooOrder })
  | (Resource & { kind: 'product'; product: WooProduct })
  /** `product.deleted` (`{ "id": … }`) and topics we do not act on. */
  | (Resource & { kind: 'resource' });

export type ParsedWooWebhook = ParsedWebhookBody<WooWebhookBody>;

/** The id and change time every resource's body carries. */
const resourceOf = (body: z.infer<typeof resourceSchema>): Resource => ({
  id: body.id,
  modifiedAt: body.date_modified_gmt,
});

function schemaOf(topic: string): z.ZodType<WooWebhookBody> {
  if (topic === 'order.created' || topic === 'order.updated') {
    return wooOrderSchema.transform((order) => ({ kind: 'order' as const, ...resourceOf(order), order }));
  }
  if (topic === 'product.created' || topic === 'product.updated') {
    return wooProductSchema.transform((product) => ({
      kind: 'product' as const,
      ...resourceOf(product),
      product,
    }));
  }
  return resourceSchema.transform((body) => ({ kind: 'resource' as const, ...resourceOf(body) }));
}

/** A signed body (raw bytes) read for its topic; the reason names the first wrong field when it does not fit. */
export function parseWooWebhookBody(topic: string, raw: Buffer): ParsedWooWebhook {
  return parseWebhookBody(schemaOf(topic), topic, raw);
}
