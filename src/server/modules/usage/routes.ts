import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contracts/errors.ts';
import { usageSchema, usageSummarySchema } from '#contracts/usage.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requestWorkspaceId, requireVerifiedUser } from '#server/plugins/auth.ts';
import { createUsageService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Billing and usage: the request's workspace (`X-Workspace-Id` or the session's current one). */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createUsageService({ db });
  const guarded = { preHandler: requireVerifiedUser };

  app.get('/usage', { ...guarded, schema: { response: { 200: usageSchema, ...errors } } }, async (request) =>
    service.usage(currentUser(request).id, requestWorkspaceId(request)),
  );

  app.get(
    '/usage/summary',
    { ...guarded, schema: { response: { 200: usageSummarySchema, ...errors } } },
    async (request) => service.summary(currentUser(request).id, requestWorkspaceId(request)),
  );
};
