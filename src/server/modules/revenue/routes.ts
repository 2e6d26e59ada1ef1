import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationIdParamsSchema } from '#contracts/dashboard.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import {
  conversationOrdersSchema,
  revenueOrdersPageSchema,
  revenueOrdersQuerySchema,
  revenueQuerySchema,
  revenueReportSchema,
} from '#contracts/revenue.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requireVerifiedUser } from '#server/plugins/auth.ts';
import { createRevenueService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Attributed revenue: the Revenue screen's data, and the order badge of a conversation. */
export const revenueRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createRevenueService({ db });
  const guarded = { preHandler: requireVerifiedUser };

  app.get(
    '/revenue',
    {
      ...guarded,
      schema: { querystring: revenueQuerySchema, response: { 200: revenueReportSchema, ...errors } },
    },
    async (request) => service.report(currentUser(request).id, request.query),
  );

  app.get(
    '/revenue/orders',
    {
      ...guarded,
      schema: {
        querystring: revenueOrdersQuerySchema,
        response: { 200: revenueOrdersPageSchema, ...errors },
      },
    },
    async (request) => service.orders(currentUser(request).id, request.query),
  );

  app.get(
    '/conversations/:conversationId/order',
    {
      ...guarded,
      schema: { params: conversationIdParamsSchema, response: { 200: conversationOrdersSchema, ...errors } },
    },
    async (request) => service.conversationOrder(currentUser(request).id, request.params.conversationId),
  );
};
