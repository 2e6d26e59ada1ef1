import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentIdParamsSchema,
  commentReplyInputSchema,
  conversationStateSchema,
  createBrandInputSchema,
  createRuleInputSchema,
  draftReplySchema,
  idempotencyHeadersSchema,
  ruleIdParamsSchema,
  sendMessageInputSchema,
  sendResultSchema,
  sendWindowSchema,
  updateBrandInputSchema,
  updateConversationInputSchema,
  updatePersonalityInputSchema,
  updateRuleInputSchema,
} from '#contracts/dashboard-actions.ts';
import {
  automationRuleSchema,
  brandIdParamsSchema,
  brandPersonalitySchema,
  brandSchema,
  conversationIdParamsSchema,
} from '#contracts/dashboard.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requestWorkspaceId } from '#server/plugins/auth.ts';
import { errorAnswers, noContent, sendCreated, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createDashboardActions, type DashboardLimits } from './action-service.ts';
import type { DashboardPorts } from './ports.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404, 409, 413, 503));

/**
 * The dashboard's write calls, for verified users. The access policy is asked in the service (404 for
 * what the caller cannot see, 403 for what their role may not do); cross-origin writes are refused by the auth plugin (403) before any of this runs.
 */
export const dashboardActionRoutes: FastifyPluginAsyncZod<
  { db: Database; limits?: DashboardLimits } & DashboardPorts
> = async (app, { db, channel, drafts, limits }) => {
  const actions = createDashboardActions({ db, channel, drafts, ...(limits ? { limits } : {}) });

  app.post(
    '/brands',
    route({ body: createBrandInputSchema, response: { 201: brandSchema } }),
    async (request, reply) =>
      sendCreated(
        reply,
        actions.createBrand(currentUser(request).id, requestWorkspaceId(request), request.body),
      ),
  );

  app.patch(
    '/brands/:brandId',
    route({
      params: brandIdParamsSchema,
      body: updateBrandInputSchema,
      response: { 200: brandSchema },
    }),
    async (request) => actions.updateBrand(currentUser(request).id, request.params.brandId, request.body),
  );

  app.delete(
    '/brands/:brandId',
    route({ params: brandIdParamsSchema, response: noContent }),
    async (request, reply) => {
      await actions.deleteBrand(currentUser(request).id, request.params.brandId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/brands/:brandId/personality',
    route({
      params: brandIdParamsSchema,
      body: updatePersonalityInputSchema,
      response: { 200: brandPersonalitySchema },
    }),
    async (request) => actions.savePersonality(currentUser(request).id, request.params.brandId, request.body),
  );

  app.post(
    '/brands/:brandId/automation-rules',
    route({
      params: brandIdParamsSchema,
      body: createRuleInputSchema,
      response: { 201: automationRuleSchema },
    }),
    async (request, reply) =>
      sendCreated(reply, actions.createRule(currentUser(request).id, request.params.brandId, request.body)),
  );

  app.patch(
    '/automation-rules/:ruleId',
    route({
      params: ruleIdParamsSchema,
      body: updateRuleInputSchema,
      response: { 200: automationRuleSchema },
    }),
    async (request) => actions.updateRule(currentUser(request).id, request.params.ruleId, request.body),
  );

  app.delete(
    '/automation-rules/:ruleId',
    route({ params: ruleIdParamsSchema, response: noContent }),
    async (request, reply) => {
      await actions.deleteRule(currentUser(request).id, request.params.ruleId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/conversations/:conversationId',
    route({
      params: conversationIdParamsSchema,
      body: updateConversationInputSchema,
      response: { 200: conversationStateSchema },
    }),
    async (request) =>
      actions.updateConversation(currentUser(request).id, request.params.conversationId, request.body),
  );

  // Opening a conversation marks it read for the person who opened it (unread dots are per person).
  app.put(
    '/conversations/:conversationId/read',
    route({ params: conversationIdParamsSchema, response: noContent }),
    async (request, reply) => {
      await actions.markRead(currentUser(request).id, request.params.conversationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/conversations/:conversationId/send-window',
    route({ params: conversationIdParamsSchema, response: { 200: sendWindowSchema } }),
    async (request) => actions.getSendWindow(currentUser(request).id, request.params.conversationId),
  );

  app.post(
    '/conversations/:conversationId/messages',
    route({
      params: conversationIdParamsSchema,
      headers: idempotencyHeadersSchema,
      body: sendMessageInputSchema,
      response: { 201: sendResultSchema },
    }),
    async (request, reply) =>
      sendCreated(
        reply,
        actions.sendMessage(
          currentUser(request).id,
          request.params.conversationId,
          request.body.content,
          request.headers['idempotency-key'],
        ),
      ),
  );

  app.post(
    '/conversations/:conversationId/draft',
    // Each draft is a language-model call paid by the platform.
    route({ params: conversationIdParamsSchema, response: { 200: draftReplySchema } }, { perMinute: 30 }),
    async (request) => actions.draftReply(currentUser(request).id, request.params.conversationId),
  );

  app.post(
    '/comments/:commentId/reply',
    route({
      params: commentIdParamsSchema,
      headers: idempotencyHeadersSchema,
      body: commentReplyInputSchema,
      response: { 201: sendResultSchema },
    }),
    async (request, reply) =>
      sendCreated(
        reply,
        actions.replyToComment(
          currentUser(request).id,
          request.params.commentId,
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );
};
