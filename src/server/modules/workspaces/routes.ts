import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, verifiedRoutes } from '#server/plugins/verified-route.ts';
import { createWorkspaceService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/** Workspaces (decision 030): the caller's list, a workspace's members, the session's current workspace. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createWorkspaceService({ db });

  app.get('/workspaces', route({ response: { 200: workspaceListSchema } }), async (request) =>
    service.listWorkspaces(currentUser(request).id),
  );

  app.get(
    '/workspaces/:workspaceId/members',
    route({ params: workspaceIdParamsSchema, response: { 200: workspaceMemberListSchema } }),
    async (request) => service.listMembers(currentUser(request).id, request.params.workspaceId),
  );

  /** The current workspace of this session (the switcher in the dashboard header). */
  app.get('/session/workspace', route({ response: { 200: workspaceSummarySchema } }), async (request) => {
    if (!request.sessionWorkspaceId) throw new AppError('NOT_FOUND', 'Workspace not found');
    return service.requireMembership(currentUser(request).id, request.sessionWorkspaceId);
  });

  app.put(
    '/session/workspace',
    route({ body: currentWorkspaceInputSchema, response: { 200: workspaceSummarySchema } }),
    async (request) => {
      const workspace = await service.requireMembership(currentUser(request).id, request.body.workspaceId);
      if (!request.sessionToken) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      await setSessionWorkspace(db, request.sessionToken, workspace.id);
      return workspace;
    },
  );
};
