import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  demoBookingSchema,
  scheduleDemoInputSchema,
} from '#contracts/demo.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { createDemoService } from './service.ts';

export interface DemoRoutesOptions {
  config: Pick<Config, 'DEMO_SLOT_TIMES' | 'DEMO_SLOT_MINUTES' | 'DEMO_NOTIFY_EMAIL' | 'MAIL_FROM'>;
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
  });

  app.get(
    '/demo/available-slots',
    {
      schema: { querystring: availableSlotsQuerySchema, response: { 200: availableSlotsResponseSchema } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => ({ availableSlots: await demo.listAvailableSlots(request.query.date) }),
  );

  app.post(
    '/demo/schedule',
    {
      schema: { body: scheduleDemoInputSchema, response: { 201: demoBookingSchema } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.status(201).send(await demo.scheduleDemo(request.body)),
  );
};
