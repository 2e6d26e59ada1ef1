import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { workspaceHeader } from '#contracts/workspaces.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '#server/auth/sessions.ts';
import { bearerToken, findApiKeyPrincipal } from '#server/auth/api-keys.ts';
import { isUuid } from '#server/ids.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Loaded once per /api request from the session cookie. */
    user: SessionUser | null;
    sessionToken: string | null;
    /**
     * The session's current workspace (its own, else the user's personal one), or an API key's workspace; null
     * without either.
     */
    sessionWorkspaceId: string | null;
    /** The API key of a bearer request (decision 043), or null: rate limits count per key. */
    apiKeyId: string | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_ORIGIN_MESSAGE = 'This request came from another site and was refused.';
export const INVALID_API_KEY_MESSAGE = 'This API key is not valid: it is unknown or has been revoked.';

/**
 * CSRF defence: a state-changing /api request must come from our own origin. Browsers
 * send `Origin` on cross-origin and on same-origin POSTs, and `Sec-Fetch-Site` everywhere modern; a request
 * with neither (curl, server to server) carries no ambient browser credentials worth forging, so it passes.
 * Applied with or without a session cookie, which also stops sign-in CSRF (logging a victim into our account).
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  if (!unsafeMethods.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const allowed = new Set<string>();
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return !allowed.has(origin);
}

/**
 * Reads the bearer key or else the session cookie on every /api request; routes then guard with the preHandlers
 * below. A bearer key stands for its principal (decision 043): a users row of kind 'api_key', a member of the
 * key's workspace only, which is also the request's current workspace.
 */
export const authPlugin = fp<{ db: Database; publicUrl?: string | undefined }>(
  async (app, { db, publicUrl }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('sessionWorkspaceId', null);
    app.decorateRequest('apiKeyId', null);
    app.addHook('onRequest', async (request) => {
      const key = bearerToken(request.headers.authorization);
      // A browser never adds an Authorization header across sites without a CORS preflight, which this server
      // does not grant, so a bearer request carries no ambient credential to forge and skips the check. With a
      // cookie as well it is checked like any other: the cookie-reading routes (sign-out) must stay safe.
      const bearerOnly = key !== undefined && request.headers.cookie === undefined;
      // Every unsafe request, whatever its path: the router decodes `/%61pi/auth/login` to the login route, so
      // a check on the raw URL's spelling would let it through. Nothing outside /api takes writes anyway.
      if (!bearerOnly && isCrossSiteRequest(request, publicUrl)) {
        throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
      }
      // The routed path (Fastify has matched the route before onRequest), not the raw spelling.
      const path = request.routeOptions.url ?? request.url;
      if (!path.startsWith('/api/')) return;
      if (key !== undefined) {
        // A key that does not work is refused outright, never taken as "no credentials" on a public route.
        const principal = await findApiKeyPrincipal(db, key);
        if (!principal) throw new AppError('UNAUTHORIZED', INVALID_API_KEY_MESSAGE);
        const { workspaceId, apiKeyId, ...user } = principal;
        request.user = user;
        request.sessionWorkspaceId = workspaceId;
        request.apiKeyId = apiKeyId;
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const session = await findSessionUser(db, token);
      if (session) {
        request.user = session.user;
        request.sessionToken = token;
        request.sessionWorkspaceId = session.workspaceId;
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

/**
 * Whether the credential a request came with still stands: the same bearer key unrevoked, or the same session
 * not signed out or expired. A long-lived response (the live events stream) asks again now and then, so that a
 * revoked key or a signed-out session stops receiving as promptly as its next request would be refused. Asking
 * is not activity: an open tab nobody uses still reaches the session's idle limit.
 */
export async function isCredentialCurrent(db: Database, request: FastifyRequest): Promise<boolean> {
  const userId = request.user?.id;
  if (!userId) return false;
  const key = bearerToken(request.headers.authorization);
  if (key !== undefined && request.apiKeyId) {
    return (await findApiKeyPrincipal(db, key))?.id === userId;
  }
  if (request.sessionToken) {
    return (
      (await findSessionUser(db, request.sessionToken, new Date(), { touch: false }))?.user.id === userId
    );
  }
  return false;
}

/**
 * The route guards below are hooks in Fastify's callback form: a guard on every /api read that returned a promise
 * cost each request a promise and a turn of the microtask queue for a check that never waits.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Signed in. */
export const requireUser: Guard = (request, _reply, done) => {
  if (!request.user) return done(new AppError('UNAUTHORIZED', 'Unauthorized'));
  done();
};

/** Signed in and approved by the admin team. */
export const requireVerifiedUser: Guard = (request, _reply, done) => {
  if (!request.user) return done(new AppError('UNAUTHORIZED', 'Unauthorized'));
  if (!request.user.verified)
    return done(new AppError('FORBIDDEN', 'Your account is awaiting review by our admin team.'));
  done();
};

/** Signed in as one of our administrators. */
export const requireAdmin: Guard = (request, _reply, done) => {
  if (!request.user) return done(new AppError('UNAUTHORIZED', 'Unauthorized'));
  if (request.user.role !== 'admin')
    return done(new AppError('FORBIDDEN', 'Only administrators can do that.'));
  done();
};

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return request.user;
}

/**
 * The workspace a request works in: the `X-Workspace-Id` header when given, else the session's current one.
 * Membership is not checked here: every statement that uses it carries the check (`server/access/`).
 */
export function requestWorkspaceId(request: FastifyRequest): string {
  const header = request.headers[workspaceHeader];
  if (header !== undefined) {
    const value = Array.isArray(header) ? header[0] : header;
    if (!value || !isUuid(value)) {
      throw new AppError('BAD_REQUEST', 'Invalid headers: X-Workspace-Id: is not a workspace id', [
        { path: 'X-Workspace-Id', message: 'is not a workspace id' },
      ]);
    }
    return value.toLowerCase();
  }
  if (!request.sessionWorkspaceId) throw new AppError('NOT_FOUND', 'Workspace not found');
  return request.sessionWorkspaceId;
}
