import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contracts/errors.ts';
import {
  currentWorkspaceInputSchema,
  workspaceIdParamsSchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceSummarySchema,
} from '#contracts/workspaces.ts';
import { setSessionWorkspace } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { currentUser, requireVerifiedUser } from '#server/plugins/auth.ts';
import { createWorkspaceService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Workspaces (decision 030): the caller's list, a workspace's members, the session's current workspace. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createWorkspaceService({ db });
  const guarded = { preHandler: requireVerifiedUser };

  app.get(
    '/workspaces',
    { ...guarded, schema: { response: { 200: workspaceListSchema, ...errors } } },
    async (request) => service.listWorkspaces(currentUser(request).id),
  );

  app.get(
    '/workspaces/:workspaceId/members',
    {
      ...guarded,
      schema: { params: workspaceIdParamsSchema, response: { 200: workspaceMemberListSchema, ...errors } },
    },
    async (request) => service.listMembers(currentUser(request).id, request.params.workspaceId),
  );

  /** The current workspace of this session (the switcher in the dashboard header). */
  app.get(
    '/session/workspace',
    { ...guarded, schema: { response: { 200: workspaceSummarySchema, ...errors } } },
    async (request) => {
      if (!request.sessionWorkspaceId) throw new AppError('NOT_FOUND', 'Workspace not found');
      return service.requireMembership(currentUser(request).id, request.sessionWorkspaceId);
    },
  );

  app.put(
    '/session/workspace',
    {
      ...guarded,
      schema: { body: currentWorkspaceInputSchema, response: { 200: workspaceSummarySchema, ...errors } },
    },
    async (request) => {
      const workspace = await service.requireMembership(currentUser(request).id, request.body.workspaceId);
      if (!request.sessionToken) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      await setSessionWorkspace(db, request.sessionToken, workspace.id);
      return workspace;
    },
  );
};
