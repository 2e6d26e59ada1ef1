import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assistantPreviewInputSchema,
  assistantPreviewResponseSchema,
  assistantSettingsSchema,
  ruleTestInputSchema,
  ruleTestResultSchema,
  updateAssistantSettingsInputSchema,
} from '#contracts/assistant.ts';
import { ruleIdParamsSchema } from '#contracts/dashboard-actions.ts';
import { brandIdParamsSchema } from '#contracts/dashboard.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { errorAnswers, verifiedRoutes } from '#server/plugins/verified-route.ts';
import type { AssistantService } from './service.ts';

const route = verifiedRoutes(errorAnswers(400, 401, 403, 404));

/**
 * The playground, which sends nothing and stores nothing (a brand owner tries the voice while
 * editing); and the brand's assistant settings, read and saved from Psychology Settings.
 */
export const assistantRoutes: FastifyPluginAsyncZod<{ assistant: AssistantService }> = async (
  app,
  { assistant },
) => {
  app.post(
    '/brands/:brandId/assistant/preview',
    // Each preview may ask the store for live stock: a person typing does not need more than this.
    route(
      {
        params: brandIdParamsSchema,
        body: assistantPreviewInputSchema,
        response: { 200: assistantPreviewResponseSchema },
      },
      { perMinute: 60 },
    ),
    async (request) => assistant.preview(currentUser(request).id, request.params.brandId, request.body),
  );

  app.post(
    '/automation-rules/:ruleId/test',
    route(
      { params: ruleIdParamsSchema, body: ruleTestInputSchema, response: { 200: ruleTestResultSchema } },
      { perMinute: 60 },
    ),
    async (request) => assistant.testRule(currentUser(request).id, request.params.ruleId, request.body),
  );

  app.get(
    '/brands/:brandId/assistant/settings',
    route({ params: brandIdParamsSchema, response: { 200: assistantSettingsSchema } }),
    async (request) => assistant.getSettings(currentUser(request).id, request.params.brandId),
  );

  app.put(
    '/brands/:brandId/assistant/settings',
    route({
      params: brandIdParamsSchema,
      body: updateAssistantSettingsInputSchema,
      response: { 200: assistantSettingsSchema },
    }),
    async (request) => assistant.saveSettings(currentUser(request).id, request.params.brandId, request.body),
  );
};
