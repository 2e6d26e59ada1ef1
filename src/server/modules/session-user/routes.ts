import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema } from '#contracts/auth.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';

/**
 * Stand-in for the accounts work's GET /api/auth/user (spec §7), so the dashboard can be tried and tested
 * before that lands. Drop it at merge in favour of the accounts module.
 */
export const sessionUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/user',
    { preHandler: requireUser, schema: { response: { 200: currentUserSchema, 401: errorResponseSchema } } },
    async (request) => currentUser(request),
  );
};
