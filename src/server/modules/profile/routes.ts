import { z } from '#contracts/zod.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contracts/errors.ts';
import {
  dataExportSchema,
  deleteAccountInputSchema,
  emailChangeConfirmSchema,
  emailChangeDoneMessage,
  emailChangeInputSchema,
  emailChangeSentMessage,
  passwordChangedMessage,
  passwordChangeInputSchema,
  profileMessageSchema,
  profileNameInputSchema,
  profileSchema,
  profileSessionListSchema,
  profileSessionParamsSchema,
} from '#contracts/profile.ts';
import { SESSION_COOKIE, sessionIdHashOf } from '#server/auth/sessions.ts';
import { appUrlOf, isSecureOrigin, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { createProfileService } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The Profile screen's API: the signed-in user's own account only, so every statement is keyed by the session's
 * user and no other id is taken from the request but a session's (404 when it is not theirs).
 */
export const profileRoutes: FastifyPluginAsyncZod<{ config: Config; db: Database; jobs: JobQueue }> = async (
  app,
  { config, db, jobs },
) => {
  const service = createProfileService({
    db,
    jobs,
    appUrl: appUrlOf(config),
  });
  const guarded = { preHandler: requireUser };
  // A password is checked on these: a borrowed session must not try many.
  const passwordChecked = perMinute(10);
  const currentHash = (token: string | null) => (token ? sessionIdHashOf(token) : null);

  app.get(
    '/profile',
    { ...guarded, schema: { response: { 200: profileSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(currentUser(request).id);
    },
  );

  app.patch(
    '/profile',
    { ...guarded, schema: { body: profileNameInputSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => service.updateName(currentUser(request).id, request.body),
  );

  app.post(
    '/profile/email',
    {
      ...guarded,
      config: passwordChecked,
      schema: { body: emailChangeInputSchema, response: { 200: profileMessageSchema, ...errors } },
    },
    async (request) => {
      await service.requestEmailChange(currentUser(request).id, request.body);
      return { message: emailChangeSentMessage };
    },
  );

  // The link's token is the proof: it works without a session (the new address may be read on another device).
  app.post(
    '/profile/email/confirm',
    {
      config: perMinute(30),
      schema: { body: emailChangeConfirmSchema, response: { 200: profileMessageSchema, ...errors } },
    },
    async (request, reply) => {
      await service.confirmEmailChange(request.body.token);
      reply.header('cache-control', 'no-store');
      return { message: emailChangeDoneMessage };
    },
  );

  app.post(
    '/profile/password',
    {
      ...guarded,
      config: passwordChecked,
      schema: { body: passwordChangeInputSchema, response: { 200: profileMessageSchema, ...errors } },
    },
    async (request) => {
      await service.changePassword(currentUser(request).id, request.body, currentHash(request.sessionToken));
      return { message: passwordChangedMessage };
    },
  );

  app.get(
    '/profile/sessions',
    { ...guarded, schema: { response: { 200: profileSessionListSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listSessions(currentUser(request).id, currentHash(request.sessionToken));
    },
  );

  app.delete(
    '/profile/sessions/:sessionId',
    { ...guarded, schema: { params: profileSessionParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.signOutSession(currentUser(request).id, request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/profile/export',
    {
      ...guarded,
      config: perMinute(10),
      schema: { response: { 200: dataExportSchema, ...errors } },
    },
    async (request, reply) => {
      const data = await service.exportData(currentUser(request).id);
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="voicecart-export-${data.exportedAt.slice(0, 10)}.json"`,
        );
      return data;
    },
  );

  app.delete(
    '/profile',
    {
      ...guarded,
      config: passwordChecked,
      schema: { body: deleteAccountInputSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteAccount(currentUser(request).id, request.body.email);
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecureOrigin(config),
      });
      return reply.status(204).send(null);
    },
  );
};
