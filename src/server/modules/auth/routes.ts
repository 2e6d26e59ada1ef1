import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#contracts/zod.ts';
import {
  authSuccessSchema,
  currentUserSchema,
  loginInputSchema,
  loginRedirectQuerySchema,
  oidcCallbackQuerySchema,
  passwordResetAnswerSchema,
  passwordResetConfirmSchema,
  passwordResetDoneMessage,
  passwordResetRequestSchema,
  passwordResetSentMessage,
  signInErrorMessages,
  signupInputSchema,
  type SignInErrorCode,
} from '#contracts/auth.ts';
import { errorResponseSchema } from '#contracts/errors.ts';
import { defaultReturnTo, toSafeReturnTo } from '#contracts/return-to.ts';
import {
  deleteSession,
  recordSessionClient,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  sessionIdHashOf,
  type SessionUser,
} from '#server/auth/sessions.ts';
import { appUrlOf, getOidcSettings, isSecureOrigin, type Config } from '#server/config.ts';
import { publicOriginOf } from '#server/public-origin.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { createOidcClient, OidcError, type OidcPending } from '#server/integrations/oidc/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { requireUser, currentUser } from '#server/plugins/auth.ts';
import { logoutConfirmationPage } from './logout-page.ts';
import { createPasswordResetService } from './password-reset.ts';
import { normalizeEmail } from '#server/auth/email.ts';
import { createAccountsService } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

/** Holds state, nonce and the PKCE verifier between /api/login and /api/callback; 10 minutes, callback only. */
const OIDC_COOKIE = 'vc_oidc';
const OIDC_COOKIE_MAX_AGE_S = 10 * 60;

const toCurrentUser = (user: SessionUser) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  verified: user.verified,
  role: user.role,
});

export const authRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: { db: Database };
  jobs: JobQueue;
}> = async (app, { config, database, jobs }) => {
  const db = database.db;
  const accounts = createAccountsService({ db, jobs, publicUrl: config.PUBLIC_URL });
  const secure = isSecureOrigin(config);
  const oidcSettings = getOidcSettings(config);
  const oidc = oidcSettings ? createOidcClient(oidcSettings) : null;
  const passwordReset = createPasswordResetService({
    db,
    jobs,
    appUrl: appUrlOf(config),
  });

  /** A fresh session id at every sign-in: the old session (if any) is deleted, never reused. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, previous);
    await recordSessionClient(db, token, { userAgent: request.headers['user-agent'], ipAddress: request.ip });
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  }

  const publicOrigin = (request: FastifyRequest) => publicOriginOf(request, config.PUBLIC_URL);

  app.get('/login', { schema: { querystring: loginRedirectQuerySchema } }, async (request, reply) => {
    const returnTo = toSafeReturnTo(request.query.returnTo) ?? defaultReturnTo;
    if (request.user) return reply.redirect(returnTo);
    if (!oidc) {
      const target = returnTo === defaultReturnTo ? '/login' : `/login?${new URLSearchParams({ returnTo })}`;
      return reply.redirect(target);
    }
    const redirectUri = new URL('/api/callback', publicOrigin(request)).toString();
    let started;
    try {
      started = await oidc.startAuthorization({ redirectUri, returnTo });
    } catch (error) {
      request.log.error({ err: error }, 'OpenID Connect sign-in could not start');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Sign-in is unavailable right now. Please try again in a minute.',
      );
    }
    reply.setCookie(OIDC_COOKIE, Buffer.from(JSON.stringify(started.pending)).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/api/callback',
      secure,
      maxAge: OIDC_COOKIE_MAX_AGE_S,
    });
    return reply.redirect(started.url.toString());
  });

  app.get(
    '/callback',
    {
      schema: { querystring: oidcCallbackQuerySchema },
      config: perMinute(30),
    },
    async (request, reply) => {
      if (!oidc) throw new AppError('NOT_FOUND', 'OpenID Connect sign-in is not configured.');
      const raw = request.cookies[OIDC_COOKIE];
      reply.clearCookie(OIDC_COOKIE, { path: '/api/callback' });
      const pending = parsePending(raw);
      // A browser arrives here, so a failure goes back to the sign-in page with its message, not JSON.
      const backToLogin = (code: SignInErrorCode) => {
        const query = new URLSearchParams({ signInError: code });
        const returnTo = toSafeReturnTo(pending?.returnTo);
        if (returnTo && returnTo !== defaultReturnTo) query.set('returnTo', returnTo);
        return reply.header('cache-control', 'no-store').redirect(`/login?${query}`);
      };
      if (!pending) return backToLogin('expired');
      if (request.query.error) return backToLogin('refused');
      const callbackUrl = new URL(request.url, pending.redirectUri);
      let identity;
      try {
        identity = await oidc.completeAuthorization(callbackUrl, pending);
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        request.log.warn({ err: error }, 'OpenID Connect callback rejected');
        return backToLogin('failed');
      }
      let signedIn;
      try {
        signedIn = await accounts.signInWithOidc(identity);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'BAD_REQUEST') return backToLogin('no-email');
        return backToLogin(error.message === signInErrorMessages['email-taken'] ? 'email-taken' : 'failed');
      }
      const { user, token, isFirstAdministrator } = signedIn;
      if (isFirstAdministrator) logFirstAdministrator(request, user);
      await startSession(request, reply, token);
      return reply.redirect(toSafeReturnTo(pending.returnTo) ?? defaultReturnTo);
    },
  );

  const authResponses = { 200: authSuccessSchema, 201: authSuccessSchema, 401: errorResponseSchema };

  app.post(
    '/auth/login',
    {
      schema: { body: loginInputSchema, response: authResponses },
      config: perMinute(30),
    },
    async (request, reply) => {
      const { user, token } = await accounts.signIn(request.body, request.ip);
      await startSession(request, reply, token);
      return {
        user: toCurrentUser(user),
        redirectTo: toSafeReturnTo(request.body.returnTo) ?? defaultReturnTo,
      };
    },
  );

  app.post(
    '/auth/signup',
    {
      schema: { body: signupInputSchema, response: authResponses },
      // A cheap per-instance flood guard; the sign-up limit itself is counted in the database (service.ts).
      config: perMinute(30),
    },
    async (request, reply) => {
      const { user, token, isFirstAdministrator } = await accounts.signUp(request.body, request.ip);
      if (isFirstAdministrator) logFirstAdministrator(request, user);
      await startSession(request, reply, token);
      return reply.status(201).send({
        user: toCurrentUser(user),
        redirectTo: toSafeReturnTo(request.body.returnTo) ?? defaultReturnTo,
      });
    },
  );

  const resetResponses = {
    200: passwordResetAnswerSchema,
    400: errorResponseSchema,
    429: errorResponseSchema,
  };

  // "Forgot password?": the same answer whether or not the address has an account.
  app.post(
    '/auth/password-reset',
    {
      schema: { body: passwordResetRequestSchema, response: resetResponses },
      // A cheap per-instance flood guard; the limits per address and per account are counted in the database.
      config: perMinute(30),
    },
    async (request, reply) => {
      await passwordReset.request(normalizeEmail(request.body.email), request.ip);
      reply.header('cache-control', 'no-store');
      return { message: passwordResetSentMessage };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: { body: passwordResetConfirmSchema, response: resetResponses },
      config: perMinute(30),
    },
    async (request, reply) => {
      const current = request.cookies[SESSION_COOKIE];
      await passwordReset.confirm(request.body, {
        keepSessionHash: current ? sessionIdHashOf(current) : undefined,
      });
      reply.header('cache-control', 'no-store');
      return { message: passwordResetDoneMessage };
    },
  );

  app.get('/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    // Sign-out is a GET (docs/product.md); a link on another site only gets a one-click confirmation (docs/spec-deviations.md).
    // Only our own pages (same-origin) or a typed address (none) sign out at once; a sibling site (same-site)
    // is as foreign as any other. A client that sends no fetch metadata is not a browser led by a link.
    const fetchSite = request.headers['sec-fetch-site'];
    if (token && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(logoutConfirmationPage);
    }
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return reply.header('cache-control', 'no-store').redirect('/');
  });

  app.get(
    '/auth/user',
    { preHandler: requireUser, schema: { response: { 200: currentUserSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toCurrentUser(currentUser(request));
    },
  );
};

/** The log says who became the administrator: the id, not the email, stays in the log. */
function logFirstAdministrator(request: FastifyRequest, user: SessionUser): void {
  request.log.info(
    { userId: user.id },
    'No administrator yet: this first account is verified and is the administrator; later sign-ups wait for review',
  );
}

const pendingSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  redirectUri: z.url(),
  returnTo: z.string(),
});

function parsePending(raw: string | undefined): OidcPending | null {
  if (!raw || raw.length > 4096) return null;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
