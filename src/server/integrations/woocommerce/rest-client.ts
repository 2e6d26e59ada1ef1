import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GuardedFetch } from '../http/guarded-fetch.ts';
import type { WooOrder } from './orders.ts';

/** WooCommerce REST v3: Basic auth with the consumer key and secret, over https. */
export interface WooProduct {
  id: number;
  name: string;
  slug: string;
  permalink: string;
  type: string;
  status: string;
  description: string;
  short_description?: string;
  sku: string;
  price: string;
  purchasable: boolean;
  manage_stock: boolean | 'parent';
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  backorders: 'no' | 'notify' | 'yes';
  date_modified_gmt: string;
  categories: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  images: { src: string }[];
  attributes: { id: number; name: string; options: string[]; variation?: boolean }[];
  variations: number[];
}

export interface WooVariation {
  id: number;
  sku: string;
  price: string;
  purchasable: boolean;
  manage_stock: boolean | 'parent';
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  backorders: 'no' | 'notify' | 'yes';
  date_modified_gmt: string;
  attributes: { id: number; name: string; option: string }[];
  image?: { src: string } | null;
}

export type WooErrorKind = 'unauthorized' | 'not_found' | 'unreachable' | 'bad_response';

export class WooCommerceError extends Error {
  readonly kind: WooErrorKind;

  constructor(kind: WooErrorKind, message: string) {
    super(message);
    this.kind = kind;
    this.name = 'WooCommerceError';
  }
}

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

  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  ): Promise<{ data: T; headers: Headers }> {
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
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
    let data: T;
    try {
      data = (await response.json()) as T;
    } catch {
      throw new WooCommerceError('bad_response', `The store answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new WooCommerceError('bad_response', `The store answered ${response.status}`);
    return { data, headers: response.headers };
  }

  return {
    /** One page of products with WooCommerce's totals (X-WP-Total, X-WP-TotalPages). */
    async listProducts(page: number, perPage = 100) {
      const { data, headers } = await call<WooProduct[]>(
        `/products?per_page=${perPage}&page=${page}&orderby=id&order=asc`,
      );
      if (!Array.isArray(data))
        throw new WooCommerceError('bad_response', 'The products answer is not a list');
      return {
        products: data,
        total: Number(headers.get('x-wp-total') ?? NaN),
        totalPages: Number(headers.get('x-wp-totalpages') ?? NaN),
      };
    },
    /** The store's currency (prices are strings in it): `GET /data/currencies/current`. */
    async getCurrency(): Promise<string> {
      const { data } = await call<{ code?: string }>('/data/currencies/current');
      if (!data.code || !/^[A-Z]{3}$/.test(data.code))
        throw new WooCommerceError('bad_response', 'The store has no currency');
      return data.code;
    },
    async listVariations(productId: number): Promise<WooVariation[]> {
      const out: WooVariation[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const { data, headers } = await call<WooVariation[]>(
          `/products/${productId}/variations?per_page=100&page=${page}`,
        );
        out.push(...data);
        if (page >= Number(headers.get('x-wp-totalpages') ?? 1)) break;
      }
      return out;
    },
    async getProduct(productId: number, signal?: AbortSignal): Promise<WooProduct> {
      return (await call<WooProduct>(`/products/${productId}`, signal ? { signal } : {})).data;
    },
    async getVariation(productId: number, variationId: number, signal?: AbortSignal): Promise<WooVariation> {
      return (
        await call<WooVariation>(`/products/${productId}/variations/${variationId}`, signal ? { signal } : {})
      ).data;
    },
    /** One page of the orders modified after `since`, oldest change first (order reconciliation). */
    async listOrdersModifiedAfter(since: Date, page: number, perPage = 100) {
      const { data, headers } = await call<WooOrder[]>(
        `/orders?modified_after=${encodeURIComponent(since.toISOString())}&dates_are_gmt=true&per_page=${perPage}&page=${page}&orderby=modified&order=asc`,
      );
      if (!Array.isArray(data)) throw new WooCommerceError('bad_response', 'The orders answer is not a list');
      return { orders: data, totalPages: Number(headers.get('x-wp-totalpages') ?? 1) };
    },
    async createWebhook(input: { name: string; topic: string; deliveryUrl: string; secret: string }) {
      const { data } = await call<{ id: number; status: string }>('/webhooks', {
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
export function signWooWebhook(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function isValidWooWebhook(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWooWebhook(rawBody, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
