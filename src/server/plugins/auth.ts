import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '#server/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Loaded once per /api request from the session cookie. */
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

/** Reads the session cookie on every /api request; routes then guard with the preHandlers below. */
export const authPlugin = fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const user = await findSessionUser(db, token);
      if (user) {
        request.user = user;
        request.sessionToken = token;
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
}

/** Signed in and approved by the admin team (spec §6). */
export async function requireVerifiedUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (!request.user.verified) throw new AppError('FORBIDDEN', 'Your account is awaiting review by our admin team.');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only administrators can do that.');
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return request.user;
}
