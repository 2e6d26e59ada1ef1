import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  confirmDemoInputSchema,
  demoBookingSchema,
  scheduleDemoInputSchema,
} from '#contracts/demo.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { publicOriginOf } from '#server/public-origin.ts';
import { confirmDemoPage, demoConfirmedPage, demoConfirmExpiredPage } from './confirm-page.ts';
import { createDemoService } from './service.ts';
import { perMinute } from '#server/plugins/security.ts';

export interface DemoRoutesOptions {
  config: Pick<
    Config,
    | 'DEMO_SLOT_TIMES'
    | 'DEMO_SLOT_MINUTES'
    | 'DEMO_NOTIFY_EMAIL'
    | 'MAIL_FROM'
    | 'PUBLIC_URL'
    | 'DEMO_BOOKINGS_PER_EMAIL_PER_DAY'
    | 'DEMO_BOOKINGS_PER_ADDRESS_PER_DAY'
    | 'DEMO_BOOKINGS_PER_DAY'
    | 'DEMO_CONFIRM_AFTER_PER_ADDRESS'
    | 'DEMO_CONFIRM_MINUTES'
  >;
  database: DatabaseHandle;
  jobs: JobQueue;
}

/** The two demo calls. Public: visitors book demos without an account. */
export const demoRoutes: FastifyPluginAsyncZod<DemoRoutesOptions> = async (
  app,
  { config, database, jobs },
) => {
  const demo = createDemoService({
    db: database.db,
    jobs,
    schedule: { times: config.DEMO_SLOT_TIMES, minutes: config.DEMO_SLOT_MINUTES },
    mailFrom: config.MAIL_FROM,
    notifyEmail: config.DEMO_NOTIFY_EMAIL,
    limits: {
      perEmailPerDay: config.DEMO_BOOKINGS_PER_EMAIL_PER_DAY,
      perAddressPerDay: config.DEMO_BOOKINGS_PER_ADDRESS_PER_DAY,
      perDay: config.DEMO_BOOKINGS_PER_DAY,
      confirmAfterPerAddress: config.DEMO_CONFIRM_AFTER_PER_ADDRESS,
      confirmMinutes: config.DEMO_CONFIRM_MINUTES,
    },
  });

  // The confirmation page posts a plain HTML form (no script on it); this plugin's routes alone read that format.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/demo/available-slots',
    {
      schema: { querystring: availableSlotsQuerySchema, response: { 200: availableSlotsResponseSchema } },
      config: perMinute(120),
    },
    async (request) => ({ availableSlots: await demo.listAvailableSlots(request.query.date) }),
  );

  app.post(
    '/demo/schedule',
    {
      schema: { body: scheduleDemoInputSchema, response: { 201: demoBookingSchema } },
      // Counted after validation (preHandler), so a malformed booking is a 400 that counts against no limit.
      config: { rateLimit: { max: 10, timeWindow: '1 minute', hook: 'preHandler' } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await demo.scheduleDemo(request.body, {
          ipAddress: request.ip,
          confirmUrlBase: publicOriginOf(request, config.PUBLIC_URL),
        }),
      ),
  );

  app.get(
    '/demo/confirm',
    {
      schema: { querystring: confirmDemoInputSchema },
      config: perMinute(30),
    },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(confirmDemoPage(request.query.token)),
  );

  app.post(
    '/demo/confirm',
    {
      schema: { body: confirmDemoInputSchema },
      config: perMinute(30),
    },
    async (request, reply) => {
      const confirmed = await demo.confirmDemo(request.body.token);
      return reply
        .status(confirmed ? 200 : 410)
        .type('text/html; charset=utf-8')
        .send(confirmed ? demoConfirmedPage : demoConfirmExpiredPage);
    },
  );
};
