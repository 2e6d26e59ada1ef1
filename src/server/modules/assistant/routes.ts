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
import { errorResponseSchema } from '#contracts/errors.ts';
import { currentUser, requireVerifiedUser } from '#server/plugins/auth.ts';
import type { AssistantService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

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
    {
      preHandler: requireVerifiedUser,
      schema: {
        params: brandIdParamsSchema,
        body: assistantPreviewInputSchema,
        response: { 200: assistantPreviewResponseSchema, ...errors },
      },
      // Each preview may ask the store for live stock: a person typing does not need more than this.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => assistant.preview(currentUser(request).id, request.params.brandId, request.body),
  );

  app.post(
    '/automation-rules/:ruleId/test',
    {
      preHandler: requireVerifiedUser,
      schema: {
        params: ruleIdParamsSchema,
        body: ruleTestInputSchema,
        response: { 200: ruleTestResultSchema, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => assistant.testRule(currentUser(request).id, request.params.ruleId, request.body),
  );

  app.get(
    '/brands/:brandId/assistant/settings',
    {
      preHandler: requireVerifiedUser,
      schema: { params: brandIdParamsSchema, response: { 200: assistantSettingsSchema, ...errors } },
    },
    async (request) => assistant.getSettings(currentUser(request).id, request.params.brandId),
  );

  app.put(
    '/brands/:brandId/assistant/settings',
    {
      preHandler: requireVerifiedUser,
      schema: {
        params: brandIdParamsSchema,
        body: updateAssistantSettingsInputSchema,
        response: { 200: assistantSettingsSchema, ...errors },
      },
    },
    async (request) => assistant.saveSettings(currentUser(request).id, request.params.brandId, request.body),
  );
};
