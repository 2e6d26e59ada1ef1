import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookEndpointInputSchema,
  updateWebhookEndpointInputSchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from '#contracts/webhooks.ts';
import { workspaceIdParamsSchema } from '#contracts/workspaces.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  errorAnswers,
  noContent,
  sendCreated,
  sendPage,
  verifiedRoutes,
} from '#server/plugins/verified-route.ts';
import type { WebhookService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404, 409));

/**
 * A workspace's outbound webhooks (decision 049), for owners and admins (`webhooks.manage`): 404 outside the
 * workspace, 403 for an agent. The secret is in the answers to create and roll only.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ service: WebhookService }> = async (app, { service }) => {
  app.get(
    '/workspaces/:workspaceId/webhooks',
    route({ params: workspaceIdParamsSchema, response: { 200: webhookEndpointListSchema } }),
    async (request) => service.listEndpoints(currentUser(request).id, request.params.workspaceId),
  );

  app.post(
    '/workspaces/:workspaceId/webhooks',
    route(
      {
        params: workspaceIdParamsSchema,
        body: createWebhookEndpointInputSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
      { perMinute: 60 },
    ),
    async (request, reply) =>
      sendCreated(
        reply,
        service.createEndpoint(currentUser(request).id, request.params.workspaceId, request.body),
      ),
  );

  app.get(
    '/workspaces/:workspaceId/webhooks/:endpointId',
    route({ params: webhookEndpointParamsSchema, response: { 200: webhookEndpointSchema } }),
    async (request) =>
      service.getEndpoint(currentUser(request).id, request.params.workspaceId, request.params.endpointId),
  );

  app.patch(
    '/workspaces/:workspaceId/webhooks/:endpointId',
    route({
      params: webhookEndpointParamsSchema,
      body: updateWebhookEndpointInputSchema,
      response: { 200: webhookEndpointSchema },
    }),
    async (request) =>
      service.updateEndpoint(
        currentUser(request).id,
        request.params.workspaceId,
        request.params.endpointId,
        request.body,
      ),
  );

  app.delete(
    '/workspaces/:workspaceId/webhooks/:endpointId',
    route({ params: webhookEndpointParamsSchema, response: noContent }),
    async (request, reply) => {
      await service.deleteEndpoint(
        currentUser(request).id,
        request.params.workspaceId,
        request.params.endpointId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/workspaces/:workspaceId/webhooks/:endpointId/roll-secret',
    route({ params: webhookEndpointParamsSchema, response: { 200: webhookSecretSchema } }, { perMinute: 20 }),
    async (request) =>
      service.rollSecret(currentUser(request).id, request.params.workspaceId, request.params.endpointId),
  );

  // Each test event makes the server send a request: limited, so the button cannot be used to flood an address.
  app.post(
    '/workspaces/:workspaceId/webhooks/:endpointId/test',
    route(
      { params: webhookEndpointParamsSchema, response: { 202: webhookTestResultSchema } },
      { perMinute: 20 },
    ),
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await service.sendTestEvent(
            currentUser(request).id,
            request.params.workspaceId,
            request.params.endpointId,
          ),
        ),
  );

  app.get(
    '/workspaces/:workspaceId/webhooks/:endpointId/deliveries',
    route({
      params: webhookEndpointParamsSchema,
      querystring: webhookDeliveryListQuerySchema,
      response: { 200: webhookDeliveryListSchema },
    }),
    async (request, reply) => {
      const page = await service.listDeliveries(
        currentUser(request).id,
        request.params.workspaceId,
        request.params.endpointId,
        request.query,
      );
      return sendPage(reply, page);
    },
  );
};
