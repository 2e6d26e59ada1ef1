import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationIdParamsSchema } from '#contracts/dashboard.ts';
import {
  conversationOrdersSchema,
  revenueOrdersPageSchema,
  revenueOrdersQuerySchema,
  revenueQuerySchema,
  revenueReportSchema,
} from '#contracts/revenue.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createRevenueService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/** Attributed revenue: the Revenue screen's data, and the order badge of a conversation. */
export const revenueRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createRevenueService({ db });

  app.get(
    '/revenue',
    route({ querystring: revenueQuerySchema, response: { 200: revenueReportSchema } }),
    async (request) => service.report(currentUser(request).id, request.query),
  );

  app.get(
    '/revenue/orders',
    route({
      querystring: revenueOrdersQuerySchema,
      response: { 200: revenueOrdersPageSchema },
    }),
    async (request) => service.orders(currentUser(request).id, request.query),
  );

  app.get(
    '/conversations/:conversationId/order',
    route({ params: conversationIdParamsSchema, response: { 200: conversationOrdersSchema } }),
    async (request) => service.conversationOrder(currentUser(request).id, request.params.conversationId),
  );
};
