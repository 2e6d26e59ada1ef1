import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '#contracts/api-keys.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import { workspaceIdParamsSchema } from '#contracts/workspaces.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, noContent, sendCreated, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createApiKeyService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/** A workspace's API keys (decision 043): owners and admins list, create and revoke; a key never may. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createApiKeyService({ db });

  app.get(
    '/workspaces/:workspaceId/api-keys',
    route({
      summary: "The workspace's API keys, without the keys",
      tags: ['API keys'],
      params: workspaceIdParamsSchema,
      response: { 200: apiKeyListSchema },
    }),
    async (request) => service.list(currentUser(request).id, request.params.workspaceId),
  );

  app.post(
    '/workspaces/:workspaceId/api-keys',
    route(
      {
        summary: 'Create an API key; the answer is the only time the key is shown',
        tags: ['API keys'],
        params: workspaceIdParamsSchema,
        body: createApiKeyInputSchema,
        response: { 201: createdApiKeySchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
      { perMinute: 30 },
    ),
    async (request, reply) =>
      sendCreated(reply, service.create(currentUser(request).id, request.params.workspaceId, request.body)),
  );

  app.delete(
    '/workspaces/:workspaceId/api-keys/:keyId',
    route({
      summary: 'Revoke an API key; requests with it answer 401 from then on',
      tags: ['API keys'],
      params: apiKeyParamsSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await service.revoke(currentUser(request).id, request.params.workspaceId, request.params.keyId);
      return reply.code(204).send(null);
    },
  );
};
