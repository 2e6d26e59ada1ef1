import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingUsersResponseSchema, reviewResultSchema, userIdParamsSchema } from '#contracts/admin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { createAccountsService } from './service.ts';

/** The admin team's review of new accounts. Admins only; 403 for everyone else. */
export const adminRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: { db: Database };
  jobs: JobQueue;
}> = async (app, { config, database, jobs }) => {
  const accounts = createAccountsService({ db: database.db, jobs, publicUrl: config.PUBLIC_URL });
  // onRequest, before validation: a non-admin learns nothing about the routes' input rules. On each route rather
  // than as the plugin's hook, so the OpenAPI document sees who may call it (decision 044).
  const adminOnly = { onRequest: requireAdmin };

  app.get(
    '/admin/pending-users',
    { ...adminOnly, schema: { response: { 200: pendingUsersResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { users: await accounts.listPendingUsers() };
    },
  );

  app.post(
    '/admin/users/:id/approve',
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: reviewResultSchema } } },
    async (request) => {
      const user = await accounts.approveUser({ id: request.params.id });
      return { id: user.id, email: user.email, status: 'approved' as const };
    },
  );

  app.post(
    '/admin/users/:id/reject',
    { ...adminOnly, schema: { params: userIdParamsSchema, response: { 200: reviewResultSchema } } },
    async (request) => {
      const user = await accounts.rejectUser(request.params.id);
      return { id: user.id, email: user.email, status: 'rejected' as const };
    },
  );
};
