import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '#contracts/health.ts';
import type { DatabaseHandle } from '#server/db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await database.executeSql('select 1', []);
    return { status: 'ok' as const, database: database.kind };
  });
};
