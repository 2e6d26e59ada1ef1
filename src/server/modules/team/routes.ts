import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEntryListSchema,
  auditQuerySchema,
  createInvitationInputSchema,
  invitationAcceptedSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationSignupInputSchema,
  invitationTokenSchema,
  memberParamsSchema,
  memberRoleInputSchema,
  pendingInvitationListSchema,
} from '#contracts/team.ts';
import { workspaceIdParamsSchema, workspaceMemberSchema } from '#contracts/workspaces.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { appUrlOf, isSecureOrigin, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import {
  errorAnswers,
  noContent,
  sendCreated,
  sendPage,
  verifiedRoutes,
} from '#server/plugins/verified-route.ts';
import { listAuditLog } from './audit-log.ts';
import { createTeamService } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);
const route = verifiedRoutes(errors);

/**
 * The Team screen (decision 042): members' roles and removal, invitations (create, list, resend, revoke), the
 * audit log; and the invitation link's page: preview, accept signed in, or sign up and accept.
 */
export const teamRoutes: FastifyPluginAsyncZod<{
  config: Config;
  db: Database;
  jobs: JobQueue;
}> = async (app, { config, db, jobs }) => {
  const service = createTeamService({ db, jobs, appUrl: appUrlOf(config) });
  const secure = isSecureOrigin(config);
  const actor = (request: FastifyRequest) => ({ userId: currentUser(request).id, ip: request.ip });

  app.patch(
    '/workspaces/:workspaceId/members/:userId',
    route({
      params: memberParamsSchema,
      body: memberRoleInputSchema,
      response: { 200: workspaceMemberSchema },
    }),
    async (request) =>
      service.changeRole(
        actor(request),
        request.params.workspaceId,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    '/workspaces/:workspaceId/members/:userId',
    route({ params: memberParamsSchema, response: noContent }),
    async (request, reply) => {
      await service.removeMember(actor(request), request.params.workspaceId, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/workspaces/:workspaceId/invitations',
    route({ params: workspaceIdParamsSchema, response: { 200: pendingInvitationListSchema } }),
    async (request) => service.listInvitations(currentUser(request).id, request.params.workspaceId),
  );

  app.post(
    '/workspaces/:workspaceId/invitations',
    // Each invitation sends an email: a cheap per-instance guard against a flood of them.
    route(
      {
        params: workspaceIdParamsSchema,
        body: createInvitationInputSchema,
        response: { 201: invitationSchema },
      },
      { perMinute: 30 },
    ),
    async (request, reply) =>
      sendCreated(reply, service.invite(actor(request), request.params.workspaceId, request.body)),
  );

  app.post(
    '/workspaces/:workspaceId/invitations/:invitationId/resend',
    route({ params: invitationParamsSchema, response: { 200: invitationSchema } }, { perMinute: 30 }),
    async (request) =>
      service.resend(actor(request), request.params.workspaceId, request.params.invitationId),
  );

  app.delete(
    '/workspaces/:workspaceId/invitations/:invitationId',
    route({ params: invitationParamsSchema, response: noContent }),
    async (request, reply) => {
      await service.revoke(actor(request), request.params.workspaceId, request.params.invitationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/workspaces/:workspaceId/audit-log',
    route({
      params: workspaceIdParamsSchema,
      querystring: auditQuerySchema,
      response: { 200: auditEntryListSchema },
    }),
    async (request, reply) => {
      const page = await listAuditLog(db, currentUser(request).id, request.params.workspaceId, request.query);
      return sendPage(reply, page);
    },
  );

  // The invitation link's page. The token is the only credential here, so these are POSTs with the token in
  // the body (never in an address a log keeps) and limited per instance.
  const linkLimit = perMinute(30);

  app.post(
    '/invitations/preview',
    {
      config: linkLimit,
      schema: { body: invitationTokenSchema, response: { 200: invitationPreviewSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.preview(request.body.token);
    },
  );

  // Signed in, verified or not: an account waiting for review is verified by accepting (the workspace vouches).
  app.post(
    '/invitations/accept',
    {
      preHandler: requireUser,
      config: linkLimit,
      schema: { body: invitationTokenSchema, response: { 200: invitationAcceptedSchema, ...errors } },
    },
    async (request) => {
      if (!request.sessionToken) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      return service.accept(currentUser(request), request.body.token, {
        token: request.sessionToken,
        ip: request.ip,
      });
    },
  );

  app.post(
    '/invitations/signup',
    {
      config: linkLimit,
      schema: { body: invitationSignupInputSchema, response: { 201: invitationAcceptedSchema, ...errors } },
    },
    async (request, reply) => {
      if (request.user) {
        throw new AppError(
          'CONFLICT',
          'You are already signed in. Accept the invitation as this account, or sign out first.',
        );
      }
      const {
        sessionToken,
        userId: _userId,
        ...accepted
      } = await service.signUpAndAccept(request.body, request.ip);
      reply.setCookie(SESSION_COOKIE, sessionToken, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return reply.code(201).send(accepted);
    },
  );
};
