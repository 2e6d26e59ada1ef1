import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectStoreInputSchema,
  findProductQuerySchema,
  findProductResultSchema,
  sampleCartQuerySchema,
  shopifyCallbackQuerySchema,
  shopifyInstallQuerySchema,
  sampleCartSchema,
  storeConnectionSchema,
  storeStatusSchema,
} from '#contracts/catalog.ts';
import { brandIdParamsSchema } from '#contracts/dashboard.ts';
import { samplePlacedOrderSchema, samplePlaceOrderInputSchema } from '#contracts/revenue.ts';
import { paths } from '#contracts/paths.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, noContent, verifiedRoutes } from '#server/plugins/verified-route.ts';
import type { CatalogModule } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const route = verifiedRoutes(errors);

/** The brand's store connection, its sync, and the Store screen's "Find a product" box. */
export const catalogRoutes: FastifyPluginAsyncZod<{ module: CatalogModule }> = async (app, { module }) => {
  app.get(
    '/brands/:brandId/store',
    route({ params: brandIdParamsSchema, response: { 200: storeStatusSchema } }),
    async (request) => ({
      connection: await module.connections.getStatus(currentUser(request).id, request.params.brandId),
    }),
  );

  app.put(
    '/brands/:brandId/store',
    route(
      {
        params: brandIdParamsSchema,
        body: connectStoreInputSchema,
        response: { 200: storeConnectionSchema },
      },
      { perMinute: 20 },
    ),
    async (request) =>
      module.connections.connect(currentUser(request).id, request.params.brandId, request.body, request.ip),
  );

  app.delete(
    '/brands/:brandId/store',
    route({ params: brandIdParamsSchema, response: noContent }),
    async (request, reply) => {
      await module.connections.disconnect(currentUser(request).id, request.params.brandId, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/brands/:brandId/store/sync',
    route({ params: brandIdParamsSchema, response: { 200: storeConnectionSchema } }, { perMinute: 10 }),
    async (request) => module.connections.requestSync(currentUser(request).id, request.params.brandId),
  );

  /** The three answers for one text, timed: find, then live stock of the best variant, then its checkout link. */
  app.get(
    '/brands/:brandId/store/find',
    route(
      {
        params: brandIdParamsSchema,
        querystring: findProductQuerySchema,
        response: { 200: findProductResultSchema },
      },
      { perMinute: 120 },
    ),
    async (request) => {
      const { brandId } = request.params;
      await module.connections.getStatus(currentUser(request).id, brandId);
      const started = performance.now();
      const found = await module.answers.findProducts({ brandId, text: request.query.q });
      const findMs = performance.now() - started;
      const variantId = found.outcome === 'match' ? found.matches[0]?.variantIds[0] : undefined;
      let stock = null;
      let stockMs: number | null = null;
      let checkoutUrl: string | null = null;
      let linkMs: number | null = null;
      if (variantId) {
        const stockStarted = performance.now();
        stock = await module.answers.checkStock({ brandId, variantId });
        stockMs = performance.now() - stockStarted;
        // A sold-out variant gets no checkout link here either, as the assistant never sends one for it.
        if (stock.availableForSale) {
          const linkStarted = performance.now();
          checkoutUrl = (await module.answers.checkoutLink({ brandId, variantId, quantity: 1, track: false }))
            .url;
          linkMs = performance.now() - linkStarted;
        }
      }
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return {
        ...found,
        stock,
        checkoutUrl,
        latencyMs: {
          find: round(findMs),
          stock: stockMs === null ? null : round(stockMs),
          link: linkMs === null ? null : round(linkMs),
          total: round(performance.now() - started),
        },
      };
    },
  );

  /** Shopify OAuth install, step 1: the browser is sent to the shop's authorize page. */
  app.get(
    '/brands/:brandId/store/shopify/install',
    route(
      { params: brandIdParamsSchema, querystring: shopifyInstallQuerySchema, response: {} },
      { perMinute: 20 },
    ),
    async (request, reply) => {
      // The browser navigated here: without a Shopify app, the answer is the Store page saying so, not JSON.
      if (!module.install.isAvailable()) {
        await module.connections.getStatus(currentUser(request).id, request.params.brandId);
        const back = new URLSearchParams({ brand: request.params.brandId, install: 'unavailable' });
        return reply.redirect(`${paths.dashboard.shopify}?${back}`, 302);
      }
      const url = await module.install.start(
        currentUser(request).id,
        request.params.brandId,
        request.query.shop,
      );
      return reply.redirect(url, 302);
    },
  );

  /**
   * Step 2: Shopify sends the browser back here with a code, checked by HMAC and state; the browser must be
   * signed in as the user the state was issued to (the session cookie is Lax, so it comes on this navigation).
   */
  app.get(
    '/shopify/callback',
    {
      config: perMinute(30),
      schema: { querystring: shopifyCallbackQuerySchema },
    },
    async (request, reply) => {
      await module.install.complete(request.user?.id ?? null, request.query, request.ip);
      return reply.redirect(paths.dashboard.shopify, 302);
    },
  );

  /** Public: the sample store's cart page reads what its checkout link holds (no account needed, nothing sold). */
  app.get(
    '/sample-cart',
    {
      config: perMinute(60),
      schema: { querystring: sampleCartQuerySchema, response: { 200: sampleCartSchema, ...errors } },
    },
    async (request) => module.sampleCart.read(request.query.items),
  );

  /** Public: the sample cart page's Place order (a paid sample order, delivered like a store's webhook). */
  app.post(
    '/sample-cart/order',
    {
      config: perMinute(20),
      schema: {
        body: samplePlaceOrderInputSchema,
        response: { 200: samplePlacedOrderSchema, ...errors },
      },
    },
    async (request) => module.sampleCart.placeOrder(request.body.items, request.body.ref),
  );
};
