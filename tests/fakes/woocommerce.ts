import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { WooOrder } from '#server/integrations/woocommerce/orders.ts';
import {
  signWooWebhook,
  type WooProduct,
  type WooVariation,
} from '#server/integrations/woocommerce/rest-client.ts';
import { closeServer, listenOnLoopback } from './loopback.ts';

/**
 * A WooCommerce store's REST API v3 on 127.0.0.1: Basic auth with a consumer key and
 * secret, `per_page`/`page` with X-WP-Total, X-WP-TotalPages and Link headers, variations per variable product,
 * the webhooks API, and `/checkout-link/` (or a 404 there for an "older" store). Records calls, fails on demand.
 */
export interface FakeWooWebhook {
  id: number;
  name: string;
  topic: string;
  delivery_url: string;
  secret: string;
  status: string;
}

export interface FakeWooCommerce {
  url: string;
  consumerKey: string;
  consumerSecret: string;
  products: WooProduct[];
  /** Variations by parent product id. */
  variations: Map<number, WooVariation[]>;
  webhooks: FakeWooWebhook[];
  calls: { method: string; path: string; authorized: boolean }[];
  /** A store before the shareable checkout link: /checkout-link/ answers 404. */
  legacyCheckout: boolean;
  /** What `GET /data/currencies/current` answers. */
  currency: string;
  delayMs: number;
  failNext(count: number, status: number): void;
  /**
   * The next 2xx JSON answer goes out as `edit` returns it, given a copy of what the fake would send: a store (or
   * a plugin) answering in a shape we do not expect.
   */
  alterNextAnswer(edit: (body: any) => unknown): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  orders: WooOrder[];
  /**
   * A buyer follows a checkout link and pays: the order records the link's utm_* parameters as WooCommerce's
   * order attribution does (`_wc_order_attribution_*` meta). `paid: false` leaves it pending.
   */
  checkout(link: string, options?: { paid?: boolean; at?: Date }): WooOrder;
  /** Moves an order on (status, a refund), updating `date_modified_gmt` as WooCommerce does. */
  setStatus(orderId: number, status: string, at?: Date): WooOrder;
  refund(orderId: number, amount: string, at?: Date): WooOrder;
  /** Delivers a signed webhook as WooCommerce does (X-WC-Webhook-Signature over the raw body). */
  deliverWebhook(input: {
    url: string;
    topic: string;
    body: unknown;
    secret: string;
    deliveryId?: string;
    badSignature?: boolean;
  }): Promise<Response>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const wooError = (code: string, message: string, status: number) => ({ code, message, data: { status } });

export async function startFakeWooCommerce(
  options: {
    consumerKey?: string;
    consumerSecret?: string;
    products?: WooProduct[];
    variations?: Map<number, WooVariation[]>;
  } = {},
): Promise<FakeWooCommerce> {
  let failures = { count: 0, status: 500 };
  const alterations: ((body: any) => unknown)[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let nextWebhookId = 100;
  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const alter = status >= 200 && status < 300 ? alterations.shift() : undefined;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(alter ? alter(structuredClone(body)) : body));
  };
  const page = <T>(response: ServerResponse, items: T[], query: URLSearchParams, base: string) => {
    const perPage = Math.max(1, Math.min(100, Number(query.get('per_page') ?? 10)));
    const pageNumber = Math.max(1, Number(query.get('page') ?? 1));
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
    const link = (n: number) => `<${fake.url}${base}?per_page=${perPage}&page=${n}>`;
    const links = [
      ...(pageNumber < totalPages ? [`${link(pageNumber + 1)}; rel="next"`] : []),
      ...(pageNumber > 1 ? [`${link(pageNumber - 1)}; rel="prev"`] : []),
      `${link(1)}; rel="first"`,
      `${link(totalPages)}; rel="last"`,
    ];
    send(response, 200, slice, {
      'x-wp-total': String(items.length),
      'x-wp-totalpages': String(totalPages),
      link: links.join(', '),
    });
  };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (response.destroyed) return;
    const url = new URL(request.url ?? '/', fake.url);
    const expected = `Basic ${Buffer.from(`${fake.consumerKey}:${fake.consumerSecret}`).toString('base64')}`;
    const authorized = request.headers.authorization === expected;
    fake.calls.push({ method: request.method ?? 'GET', path: url.pathname, authorized });
    if (failures.count > 0) {
      failures.count -= 1;
      return send(
        response,
        failures.status,
        wooError('internal_server_error', 'Internal error', failures.status),
      );
    }
    if (url.pathname === '/checkout-link/') {
      if (fake.legacyCheckout) return send(response, 404, { message: 'Page not found' });
      response.writeHead(302, { location: `${fake.url}/checkout/` });
      return response.end();
    }
    const path = url.pathname.replace(/^\/wp-json\/wc\/v3/, '');
    if (path === url.pathname)
      return send(response, 404, wooError('rest_no_route', 'No route was found', 404));
    if (!authorized)
      return send(
        response,
        401,
        wooError('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.', 401),
      );
    let match: RegExpExecArray | null;
    if (request.method === 'GET' && path === '/data/currencies/current') {
      return send(response, 200, { code: fake.currency, name: 'Euro', symbol: '€', _links: {} });
    }
    if (request.method === 'GET' && path === '/products')
      return page(response, fake.products, url.searchParams, url.pathname);
    if (request.method === 'GET' && (match = /^\/products\/(\d+)$/.exec(path))) {
      const product = fake.products.find((p) => p.id === Number(match![1]));
      return product
        ? send(response, 200, product)
        : send(response, 404, wooError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404));
    }
    if (request.method === 'GET' && (match = /^\/products\/(\d+)\/variations$/.exec(path))) {
      return page(response, fake.variations.get(Number(match[1])) ?? [], url.searchParams, url.pathname);
    }
    if (request.method === 'GET' && (match = /^\/products\/(\d+)\/variations\/(\d+)$/.exec(path))) {
      const variation = (fake.variations.get(Number(match[1])) ?? []).find((v) => v.id === Number(match![2]));
      return variation
        ? send(response, 200, variation)
        : send(response, 404, wooError('woocommerce_rest_invalid_id', 'Invalid ID.', 404));
    }
    if (request.method === 'GET' && path === '/orders') {
      // modified_after (ISO; GMT with dates_are_gmt), oldest change first when orderby=modified&order=asc.
      const after = url.searchParams.get('modified_after');
      const since = after ? Date.parse(/[zZ]$/.test(after) ? after : `${after}Z`) : null;
      const matching = fake.orders
        .filter((order) => since === null || Date.parse(`${order.date_modified_gmt}Z`) > since)
        .sort(
          (a, b) =>
            Date.parse(`${a.date_modified_gmt}Z`) - Date.parse(`${b.date_modified_gmt}Z`) || a.id - b.id,
        );
      return page(response, matching, url.searchParams, url.pathname);
    }
    if (request.method === 'POST' && path === '/webhooks') {
      const body = JSON.parse(raw || '{}') as Partial<FakeWooWebhook>;
      if (!body.topic || !body.delivery_url)
        return send(
          response,
          400,
          wooError('rest_missing_callback_param', 'Missing parameter(s): topic, delivery_url', 400),
        );
      const webhook: FakeWooWebhook = {
        id: nextWebhookId++,
        name: body.name ?? '',
        topic: body.topic,
        delivery_url: body.delivery_url,
        secret: body.secret ?? '',
        status: body.status ?? 'active',
      };
      fake.webhooks.push(webhook);
      return send(response, 201, {
        ...webhook,
        resource: webhook.topic.split('.')[0],
        event: webhook.topic.split('.')[1],
      });
    }
    send(
      response,
      404,
      wooError('rest_no_route', 'No route was found matching the URL and request method.', 404),
    );
  });
  const port = await listenOnLoopback(server);

  let nextOrder = 501;
  const gmt = (at: Date) => at.toISOString().slice(0, 19);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const fake: FakeWooCommerce = {
    orders: [],
    checkout(link, checkoutOptions = {}) {
      const url = new URL(link);
      const items = (
        url.searchParams.get('products') ??
        `${url.searchParams.get('variation_id') ?? url.searchParams.get('add-to-cart')}:${url.searchParams.get('quantity') ?? 1}`
      ).split(',');
      const lines = items.map((item) => {
        const [id, quantity] = item.split(':').map(Number) as [number, number];
        const product =
          fake.products.find((p) => p.id === id) ??
          fake.products.find((p) => (fake.variations.get(p.id) ?? []).some((v) => v.id === id));
        const variation = (fake.variations.get(product?.id ?? -1) ?? []).find((v) => v.id === id);
        const price = variation?.price ?? product?.price ?? '0';
        return {
          product_id: product?.id ?? id,
          variation_id: variation?.id ?? 0,
          name: product?.name ?? `Item ${id}`,
          quantity,
          total: ((cents(price) * quantity) / 100).toFixed(2),
        };
      });
      const at = gmt(checkoutOptions.at ?? new Date());
      const paid = checkoutOptions.paid !== false;
      const id = nextOrder++;
      const meta = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content']
        .filter((key) => url.searchParams.has(key))
        .map((key, index) => ({
          id: index + 1,
          key: `_wc_order_attribution_${key}`,
          value: url.searchParams.get(key),
        }));
      const order: WooOrder = {
        id,
        number: String(id),
        status: paid ? 'processing' : 'pending',
        currency: fake.currency,
        total: (lines.reduce((sum, line) => sum + cents(line.total), 0) / 100).toFixed(2),
        date_created_gmt: at,
        date_modified_gmt: at,
        date_paid_gmt: paid ? at : null,
        line_items: lines,
        refunds: [],
        meta_data: meta,
      };
      fake.orders.push(order);
      return order;
    },
    setStatus(orderId, status, at = new Date()) {
      const order = fake.orders.find((o) => o.id === orderId)!;
      order.status = status;
      if ((status === 'processing' || status === 'completed') && !order.date_paid_gmt)
        order.date_paid_gmt = gmt(at);
      order.date_modified_gmt = gmt(at);
      return order;
    },
    refund(orderId, amount, at = new Date()) {
      const order = fake.orders.find((o) => o.id === orderId)!;
      order.refunds = [
        ...(order.refunds ?? []),
        { id: orderId * 10 + (order.refunds?.length ?? 0) + 1, total: `-${amount}` },
      ];
      const refunded = order.refunds.reduce((sum, r) => sum - cents(r.total), 0);
      if (refunded >= cents(order.total)) order.status = 'refunded';
      order.date_modified_gmt = gmt(at);
      return order;
    },
    url: `http://127.0.0.1:${port}`,
    consumerKey: options.consumerKey ?? 'ck_test_key',
    consumerSecret: options.consumerSecret ?? 'cs_test_secret',
    products: options.products ?? [],
    variations: options.variations ?? new Map(),
    webhooks: [],
    calls: [],
    legacyCheckout: false,
    currency: 'EUR',
    delayMs: 0,
    failNext(count, status) {
      failures = { count, status };
    },
    alterNextAnswer(edit) {
      alterations.push(edit);
    },
    async deliverWebhook(input) {
      const body = Buffer.from(JSON.stringify(input.body));
      const [resource, event] = input.topic.split('.');
      return fetch(input.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wc-webhook-source': `${fake.url}/`,
          'x-wc-webhook-topic': input.topic,
          'x-wc-webhook-resource': resource ?? '',
          'x-wc-webhook-event': event ?? '',
          'x-wc-webhook-signature': signWooWebhook(
            body,
            input.badSignature ? `${input.secret}-wrong` : input.secret,
          ),
          'x-wc-webhook-id': '100',
          ...(input.deliveryId ? { 'x-wc-webhook-delivery-id': input.deliveryId } : {}),
        },
        body,
      });
    },
    close: () => closeServer(server),
  };
  return fake;
}

/** `count` products; every third is variable with three size variations. */
export function makeWooProducts(count: number): {
  products: WooProduct[];
  variations: Map<number, WooVariation[]>;
} {
  const variations = new Map<number, WooVariation[]>();
  const products: WooProduct[] = Array.from({ length: count }, (_, index) => {
    const id = 1000 + index;
    const variable = index % 3 === 0;
    if (variable) {
      variations.set(
        id,
        ['S', 'M', 'L'].map((size, v) => ({
          id: id * 10 + v,
          sku: `W-${id}-${size}`,
          price: '35.00',
          purchasable: true,
          manage_stock: true,
          stock_quantity: (id + v) % 5,
          stock_status: (id + v) % 5 === 0 ? ('outofstock' as const) : ('instock' as const),
          backorders: 'no' as const,
          date_modified_gmt: '2026-11-01T10:00:00',
          attributes: [{ id: 1, name: 'Size', option: size }],
        })),
      );
    }
    return {
      id,
      name: `${variable ? 'Trail Fleece' : 'Wool Socks'} ${id}`,
      slug: `product-${id}`,
      permalink: `https://store.example/product/product-${id}/`,
      type: variable ? 'variable' : 'simple',
      status: 'publish',
      description: '<p>Warm and <strong>soft</strong>.</p>',
      short_description: '',
      sku: variable ? '' : `W-${id}`,
      price: variable ? '35.00' : '12.00',
      purchasable: true,
      manage_stock: !variable,
      stock_quantity: variable ? null : index % 4,
      stock_status: variable || index % 4 !== 0 ? 'instock' : 'outofstock',
      backorders: 'no',
      date_modified_gmt: '2026-11-01T10:00:00',
      categories: [{ id: 1, name: variable ? 'Fleece' : 'Socks' }],
      tags: [{ id: 2, name: 'winter' }],
      images: [{ src: `https://store.example/img/${id}.jpg` }],
      attributes: variable ? [{ id: 1, name: 'Size', options: ['S', 'M', 'L'], variation: true }] : [],
      variations: variable ? [id * 10, id * 10 + 1, id * 10 + 2] : [],
    };
  });
  return { products, variations };
}
