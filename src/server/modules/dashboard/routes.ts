import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  automationRuleListSchema,
  brandIdParamsSchema,
  brandListSchema,
  brandPersonalitySchema,
  commentListSchema,
  commentedPostListSchema,
  conversationIdParamsSchema,
  conversationListSchema,
  listQuerySchema,
  messageListSchema,
  setupChecklistSchema,
} from '#contracts/dashboard.ts';
import {
  commentFilterSchema,
  conversationFilterSchema,
  inboxCountsQuerySchema,
  inboxCountsSchema,
} from '#contracts/dashboard-actions.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import type { Database } from '#server/db/client.ts';
import { currentUser, requestWorkspaceId } from '#server/plugins/auth.ts';
import { sendPage, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createDashboardService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const route = verifiedRoutes(errors);

/** The dashboard's read calls, for verified users only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createDashboardService({ db });

  app.get(
    '/brands',
    route({ querystring: listQuerySchema, response: { 200: brandListSchema } }),
    async (request, reply) =>
      sendPage(
        reply,
        await service.listBrands(currentUser(request).id, requestWorkspaceId(request), request.query),
      ),
  );

  app.get('/setup-checklist', route({ response: { 200: setupChecklistSchema } }), async (request) =>
    service.getSetupChecklist(currentUser(request).id, requestWorkspaceId(request)),
  );

  app.get(
    '/brands/:brandId/conversations',
    route({
      params: brandIdParamsSchema,
      querystring: listQuerySchema.extend(conversationFilterSchema.shape),
      response: { 200: conversationListSchema },
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await service.listConversations(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  app.get(
    '/conversations/:conversationId/messages',
    route({
      params: conversationIdParamsSchema,
      querystring: listQuerySchema,
      response: { 200: messageListSchema },
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await service.listMessages(currentUser(request).id, request.params.conversationId, request.query),
      ),
  );

  app.get(
    '/brands/:brandId/comments',
    route({
      params: brandIdParamsSchema,
      querystring: listQuerySchema.extend(commentFilterSchema.shape),
      response: { 200: commentListSchema },
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await service.listComments(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  // The tab counts of Messages & Comments, for the same search and status filter as the lists.
  app.get(
    '/brands/:brandId/inbox-counts',
    route({
      params: brandIdParamsSchema,
      querystring: inboxCountsQuerySchema,
      response: { 200: inboxCountsSchema },
    }),
    async (request) => service.countInbox(currentUser(request).id, request.params.brandId, request.query),
  );

  app.get(
    '/brands/:brandId/personality',
    route({ params: brandIdParamsSchema, response: { 200: brandPersonalitySchema } }),
    async (request) => service.getPersonality(currentUser(request).id, request.params.brandId),
  );

  app.get(
    '/brands/:brandId/automation-rules',
    route({
      params: brandIdParamsSchema,
      querystring: listQuerySchema,
      response: { 200: automationRuleListSchema },
    }),
    async (request, reply) =>
      sendPage(
        reply,
        await service.listAutomationRules(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  /** The posts a comment rule can name: those the brand's comments are on (Instagram sends their ids). */
  app.get(
    '/brands/:brandId/commented-posts',
    route({ params: brandIdParamsSchema, response: { 200: commentedPostListSchema } }),
    async (request) => service.listCommentedPosts(currentUser(request).id, request.params.brandId),
  );
};
