import type { FastifyReply } from 'fastify';
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
  listPaging,
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
import { currentUser, requestWorkspaceId, requireVerifiedUser } from '#server/plugins/auth.ts';
import { createDashboardService, type Page } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The body is the plain list; the next page's cursor travels in a header. */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(listPaging.cursorHeader, page.nextCursor);
  return page.items;
}

/** The dashboard's read calls, for verified users only. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createDashboardService({ db });
  const guarded = { preHandler: requireVerifiedUser };

  app.get(
    '/brands',
    { ...guarded, schema: { querystring: listQuerySchema, response: { 200: brandListSchema, ...errors } } },
    async (request, reply) =>
      sendPage(
        reply,
        await service.listBrands(currentUser(request).id, requestWorkspaceId(request), request.query),
      ),
  );

  app.get(
    '/setup-checklist',
    { ...guarded, schema: { response: { 200: setupChecklistSchema, ...errors } } },
    async (request) => service.getSetupChecklist(currentUser(request).id, requestWorkspaceId(request)),
  );

  app.get(
    '/brands/:brandId/conversations',
    {
      ...guarded,
      schema: {
        params: brandIdParamsSchema,
        querystring: listQuerySchema.extend(conversationFilterSchema.shape),
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await service.listConversations(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  app.get(
    '/conversations/:conversationId/messages',
    {
      ...guarded,
      schema: {
        params: conversationIdParamsSchema,
        querystring: listQuerySchema,
        response: { 200: messageListSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await service.listMessages(currentUser(request).id, request.params.conversationId, request.query),
      ),
  );

  app.get(
    '/brands/:brandId/comments',
    {
      ...guarded,
      schema: {
        params: brandIdParamsSchema,
        querystring: listQuerySchema.extend(commentFilterSchema.shape),
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await service.listComments(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  // The tab counts of Messages & Comments, for the same search and status filter as the lists.
  app.get(
    '/brands/:brandId/inbox-counts',
    {
      ...guarded,
      schema: {
        params: brandIdParamsSchema,
        querystring: inboxCountsQuerySchema,
        response: { 200: inboxCountsSchema, ...errors },
      },
    },
    async (request) => service.countInbox(currentUser(request).id, request.params.brandId, request.query),
  );

  app.get(
    '/brands/:brandId/personality',
    {
      ...guarded,
      schema: { params: brandIdParamsSchema, response: { 200: brandPersonalitySchema, ...errors } },
    },
    async (request) => service.getPersonality(currentUser(request).id, request.params.brandId),
  );

  app.get(
    '/brands/:brandId/automation-rules',
    {
      ...guarded,
      schema: {
        params: brandIdParamsSchema,
        querystring: listQuerySchema,
        response: { 200: automationRuleListSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await service.listAutomationRules(currentUser(request).id, request.params.brandId, request.query),
      ),
  );

  /** The posts a comment rule can name: those the brand's comments are on (Instagram sends their ids). */
  app.get(
    '/brands/:brandId/commented-posts',
    {
      ...guarded,
      schema: { params: brandIdParamsSchema, response: { 200: commentedPostListSchema, ...errors } },
    },
    async (request) => service.listCommentedPosts(currentUser(request).id, request.params.brandId),
  );
};
