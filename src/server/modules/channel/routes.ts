import type { FastifyRequest } from 'fastify';
import { publicOriginOf } from '#server/public-origin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '#contracts/dashboard.ts';
import {
  connectInstagramInputSchema,
  instagramCallbackQuerySchema,
  instagramConnectionSchema,
  instagramConnectQuerySchema,
  instagramSettingsSchema,
  simulateBuyerMessageInputSchema,
  simulateBuyerMessageResultSchema,
} from '#contracts/instagram.ts';
import { paths } from '#contracts/paths.ts';
import { AppError } from '#server/errors.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, noContent, verifiedRoutes } from '#server/plugins/verified-route.ts';
import type { InstagramChannel } from './channel.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404, 409, 503));

const dashboardPath = paths.dashboard.instagram;

/** A brand's Instagram connection, for its verified owner only. */
export const instagramConnectionRoutes: FastifyPluginAsyncZod<{ channel: InstagramChannel }> = async (
  app,
  { channel },
) => {
  const { config, connections } = channel;
  const callbackUri = (request: FastifyRequest) =>
    `${publicOriginOf(request, config.PUBLIC_URL)}/api/instagram/callback`;

  app.get(
    '/brands/:brandId/instagram',
    route({ params: brandIdParamsSchema, response: { 200: instagramConnectionSchema } }),
    async (request) => connections.getConnection(currentUser(request).id, request.params.brandId),
  );

  app.put(
    '/brands/:brandId/instagram',
    // Each call reaches Graph (GET /me, subscribed_apps): a verified user cannot hammer it through us.
    route(
      {
        params: brandIdParamsSchema,
        body: connectInstagramInputSchema,
        response: { 200: instagramConnectionSchema },
      },
      { perMinute: 60 },
    ),
    async (request) =>
      connections.connectWithToken(currentUser(request).id, request.params.brandId, request.body, request.ip),
  );

  app.delete(
    '/brands/:brandId/instagram',
    route({ params: brandIdParamsSchema, response: noContent }),
    async (request, reply) => {
      await connections.disconnect(currentUser(request).id, request.params.brandId, request.ip);
      return reply.status(204).send(null);
    },
  );

  // The demo's "Simulate a buyer message": into the same inbox as a webhook, for sample accounts only.
  app.post(
    '/brands/:brandId/instagram/simulate',
    route(
      {
        params: brandIdParamsSchema,
        body: simulateBuyerMessageInputSchema,
        response: { 200: simulateBuyerMessageResultSchema },
      },
      { perMinute: 60 },
    ),
    async (request) =>
      channel.simulator.simulate(currentUser(request).id, request.params.brandId, request.body),
  );

  app.get('/instagram/settings', route({ response: { 200: instagramSettingsSchema } }), async (request) => ({
    oauthAvailable: Boolean(config.INSTAGRAM_APP_ID && config.INSTAGRAM_APP_SECRET),
    humanAgentTag: config.INSTAGRAM_HUMAN_AGENT_TAG,
    // The platform's one verify token would let anyone answer Meta's handshake as us, and the rest is the
    // operator's wiring: administrators only.
    operator:
      currentUser(request).role === 'admin'
        ? {
            callbackUrl: `${publicOriginOf(request, config.PUBLIC_URL)}/api/webhooks/instagram`,
            verifyToken: config.INSTAGRAM_VERIFY_TOKEN ?? null,
            webhooksConfigured: Boolean(config.INSTAGRAM_APP_SECRET && config.INSTAGRAM_VERIFY_TOKEN),
          }
        : null,
  }));

  app.get(
    '/instagram/connect',
    route({ querystring: instagramConnectQuerySchema, response: {} }),
    async (request, reply) => {
      if (!config.INSTAGRAM_APP_ID || !config.INSTAGRAM_APP_SECRET) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Connect with Instagram needs INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET on the server.',
        );
      }
      const url = await connections.startOAuth(
        currentUser(request).id,
        request.query.brandId,
        callbackUri(request),
      );
      return reply.redirect(url, 302);
    },
  );

  // Instagram sends the browser back here; every outcome returns to the screen with a message.
  app.get(
    '/instagram/callback',
    { schema: { querystring: instagramCallbackQuerySchema } },
    async (request, reply) => {
      const back = (params: Record<string, string>) =>
        reply.redirect(`${dashboardPath}?${new URLSearchParams(params)}`, 302);
      const { code, state, error_description: description, error } = request.query;
      if (!request.user)
        return back({ instagram: 'error', message: 'Sign in, then connect Instagram again.' });
      if (error || !code || !state) {
        return back({ instagram: 'error', message: description ?? 'Instagram login was cancelled.' });
      }
      try {
        const brandId = await connections.completeOAuth(
          request.user.id,
          {
            code,
            state,
            redirectUri: callbackUri(request),
          },
          request.ip,
        );
        return back({ instagram: 'connected', brandId });
      } catch (failure) {
        if (failure instanceof AppError) return back({ instagram: 'error', message: failure.message });
        throw failure;
      }
    },
  );
};
