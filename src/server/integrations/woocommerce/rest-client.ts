import { z } from '#contracts/zod.ts';
import type { GuardedFetch } from '../http/guarded-fetch.ts';
import { isValidWebhookBody, signWebhookBody } from '../http/webhook-signature.ts';
import {
  nullable,
  parseStoreAnswer,
  unexpectedAnswerMessage,
  type StoreResponseError,
} from '../http/store-response.ts';
import { wooOrderSchema } from './orders.ts';
import { IntegrationError } from '../integration-error.ts';

/**
 * WooCommerce REST v3: Basic auth with the consumer key and secret, over https. Every answer is parsed with zod
 * over the fields the mirror reads (the rest is dropped): prices are strings (empty when none is set), lists a
 * store may leave out default to empty, and a field of another shape is a `WooCommerceResponseError` naming it.
 */
const priceSchema = z.union([z.string(), z.number().finite().transform(String)]);
const stockSchema = {
  purchasable: z.boolean(),
  /** On a variation, `parent` when the stock is held on its product. */
  manage_stock: z.union([z.boolean(), z.literal('parent')]),
  stock_quantity: nullable(z.number()),
  /** `instock`, `outofstock`, `onbackorder`, or a status a plugin adds (not sellable then). */
  stock_status: z.string(),
  backorders: z.enum(['no', 'notify', 'yes']),
};

export const wooProductSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string().default(''),
  permalink: z.string().default(''),
  type: z.string(),
  status: z.string(),
  description: z.string().default(''),
  short_description: z.string().optional(),
  sku: z.string().default(''),
  price: priceSchema,
  ...stockSchema,
  date_modified_gmt: nullable(z.string()),
  categories: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  tags: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
  images: z.array(z.object({ src: z.string() })).default([]),
  attributes: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        options: z.array(z.string()),
        variation: z.boolean().optional(),
      }),
    )
    .default([]),
  variations: z.array(z.number().int()).default([]),
});

export const wooVariationSchema = z.object({
  id: z.number().int().positive(),
  sku: z.string().default(''),
  price: priceSchema,
  ...stockSchema,
  date_modified_gmt: nullable(z.string()),
  attributes: z.array(z.object({ id: z.number(), name: z.string(), option: z.string() })).default([]),
});

export type WooProduct = z.infer<typeof wooProductSchema>;
export type WooVariation = z.infer<typeof wooVariationSchema>;

export type WooErrorKind = 'unauthorized' | 'not_found' | 'unreachable' | 'bad_response';

export class WooCommerceError extends IntegrationError<WooErrorKind> {
  override name = 'WooCommerceError';
}

/** The store answered 2xx with a body not of the shape we read: which call, and the first wrong field. */
export class WooCommerceResponseError extends WooCommerceError implements StoreResponseError {
  readonly platform = 'woocommerce' as const;
  readonly endpoint: string;
  readonly path: string;

  constructor(endpoint: string, issue: { path: string; problem: string }) {
    super('bad_response', unexpectedAnswerMessage(endpoint, issue.path, issue.problem));
    this.name = 'WooCommerceResponseError';
    this.endpoint = endpoint;
    this.path = issue.path;
  }
}

const currencySchema = z.object({ code: z.string().regex(/^[A-Z]{3}$/, 'not a currency code') });
const createdWebhookSchema = z.object({ id: z.number().int(), status: z.string() });

export interface WooClientOptions {
  /** The store's address, e.g. `https://shop.example` (or `http://127.0.0.1:PORT` in tests). */
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
  fetch: GuardedFetch;
}

export function createWooCommerceClient(options: WooClientOptions) {
  const base = `${options.storeUrl.replace(/\/$/, '')}/wp-json/wc/v3`;
  const authorization = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;

  async function call<S extends z.ZodType>(
    path: string,
    schema: S,
    init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<{ data: z.output<S>; headers: Headers }> {
    const method = init.method ?? 'GET';
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw error instanceof Error && error.name === 'OutboundAddressError'
        ? error
        : new WooCommerceError('unreachable', 'The store did not answer');
    }
    if (response.status === 401 || response.status === 403) {
      throw new WooCommerceError('unauthorized', 'The store refused the consumer key and secret');
    }
    if (response.status === 404)
      throw new WooCommerceError('not_found', 'No WooCommerce REST API at this address');
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new WooCommerceError('bad_response', `The store answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new WooCommerceError('bad_response', `The store answered ${response.status}`);
    const parsed = parseStoreAnswer(schema, json);
    if (!parsed.success) {
      // The path without its query: what was asked, never how (the query can carry paging and dates only).
      const endpoint = `${method} ${path.split('?')[0]}`;
      throw new WooCommerceResponseError(endpoint, parsed.issue);
    }
    return { data: parsed.data, headers: response.headers };
  }

  return {
    /** One page of products with WooCommerce's totals (X-WP-Total, X-WP-TotalPages). */
    async listProducts(page: number, perPage = 100) {
      const { data, headers } = await call(
        `/products?per_page=${perPage}&page=${page}&orderby=id&order=asc`,
        z.array(wooProductSchema),
      );
      return {
        products: data,
        total: Number(headers.get('x-wp-total') ?? NaN),
        totalPages: Number(headers.get('x-wp-totalpages') ?? NaN),
      };
    },
    /** The store's currency (prices are strings in it): `GET /data/currencies/current`. */
    async getCurrency(): Promise<string> {
      const { data } = await call('/data/currencies/current', currencySchema);
      return data.code;
    },
    async listVariations(productId: number): Promise<WooVariation[]> {
      const out: WooVariation[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const { data, headers } = await call(
          `/products/${productId}/variations?per_page=100&page=${page}`,
          z.array(wooVariationSchema),
        );
        out.push(...data);
        if (page >= Number(headers.get('x-wp-totalpages') ?? 1)) break;
      }
      return out;
    },
    async getProduct(productId: number, signal?: AbortSignal): Promise<WooProduct> {
      return (await call(`/products/${productId}`, wooProductSchema, signal ? { signal } : {})).data;
    },
    async getVariation(productId: number, variationId: number, signal?: AbortSignal): Promise<WooVariation> {
      return (
        await call(
          `/products/${productId}/variations/${variationId}`,
          wooVariationSchema,
          signal ? { signal } : {},
        )
      ).data;
    },
    /** One page of the orders modified after `since`, oldest change first (order reconciliation). */
    async listOrdersModifiedAfter(since: Date, page: number, perPage = 100) {
      const { data, headers } = await call(
        `/orders?modified_after=${encodeURIComponent(since.toISOString())}&dates_are_gmt=true&per_page=${perPage}&page=${page}&orderby=modified&order=asc`,
        z.array(wooOrderSchema),
      );
      return { orders: data, totalPages: Number(headers.get('x-wp-totalpages') ?? 1) };
    },
    async createWebhook(input: { name: string; topic: string; deliveryUrl: string; secret: string }) {
      const { data } = await call('/webhooks', createdWebhookSchema, {
        method: 'POST',
        body: {
          name: input.name,
          topic: input.topic,
          delivery_url: input.deliveryUrl,
          secret: input.secret,
          status: 'active',
        },
      });
      return data;
    },
  };
}

export type WooCommerceClient = ReturnType<typeof createWooCommerceClient>;

/** X-WC-Webhook-Signature: base64 HMAC-SHA256 of the raw body with the webhook's secret. */
export const signWooWebhook = signWebhookBody;
export const isValidWooWebhook = isValidWebhookBody;
