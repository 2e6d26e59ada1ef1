import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSchema, usageSummarySchema } from '#contracts/usage.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requestWorkspaceId } from '#server/plugins/auth.ts';
import { errorAnswers, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createUsageService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/** Billing and usage: the request's workspace (`X-Workspace-Id` or the session's current one). */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createUsageService({ db });

  app.get('/usage', route({ response: { 200: usageSchema } }), async (request) =>
    service.usage(currentUser(request).id, requestWorkspaceId(request)),
  );

  app.get('/usage/summary', route({ response: { 200: usageSummarySchema } }), async (request) =>
    service.summary(currentUser(request).id, requestWorkspaceId(request)),
  );
};
