import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSubscribeInputSchema, emailSubscribeResponseSchema } from '#contracts/newsletter.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createNewsletterService } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

/** `POST /api/email-subscribe` (the landing footer's newsletter field). */
export const newsletterRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const service = createNewsletterService({ db: database.db });

  app.post(
    '/email-subscribe',
    {
      schema: { body: emailSubscribeInputSchema, response: { 201: emailSubscribeResponseSchema } },
      // More than 10 attempts a minute from one client address is a 429 with a message.
      config: perMinute(10),
    },
    async (request, reply) => {
      const result = await service.subscribe(request.body);
      return reply.status(201).send(result);
    },
  );
};
