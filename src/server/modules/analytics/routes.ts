import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema, overviewTrendsSchema } from '#contracts/analytics.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requestWorkspaceId, requireVerifiedUser } from '#server/plugins/auth.ts';
import { readOverviewTrends } from './overview-counts.ts';
import { createAnalyticsService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** GET /api/analytics: the Performance screen's figures (decision 028). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createAnalyticsService({ db });
  app.get(
    '/analytics',
    {
      preHandler: requireVerifiedUser,
      schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema, ...errors } },
    },
    async (request) => service.read(currentUser(request).id, request.query),
  );

  // The Overview's stat cards: the current workspace's counts now and 30 days before (decision 051).
  app.get(
    '/analytics/overview',
    { preHandler: requireVerifiedUser, schema: { response: { 200: overviewTrendsSchema, ...errors } } },
    async (request) => readOverviewTrends(db, currentUser(request).id, requestWorkspaceId(request)),
  );
};
