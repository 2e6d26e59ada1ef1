import { z } from './zod.ts';
import { listQuerySchema } from './dashboard.ts';
import { workspaceIdParamsSchema } from './workspaces.ts';

/** What a workspace can subscribe an endpoint to (decision 049). */
export const webhookEventTypes = [
  'message.received',
  'reply.sent',
  'conversation.escalated',
  'conversation.resolved',
  'order.attributed',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** The type of the event "Send test event" delivers; never subscribed to, sent to the one endpoint asked. */
export const webhookTestEventType = 'webhook.test';

/** How many endpoints one workspace may have; the next is refused with 409. */
export const maxWebhookEndpointsPerWorkspace = 20;

export const webhookHeaders = {
  signature: 'x-voicecart-signature',
  delivery: 'x-voicecart-delivery',
  event: 'x-voicecart-event',
} as const;

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address to send events to')
  .max(2000, 'Use an address of at most 2000 characters')
  .url('Enter a full address, such as https://example.com/voicecart');

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookEndpointInputSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInputSchema>;

/** Change the address or events, or turn it on or off; turning it on clears the record of failures. */
export const updateWebhookEndpointInputSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'Send url, events or enabled');
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInputSchema>;

export const webhookEndpointParamsSchema = workspaceIdParamsSchema.extend({ endpointId: z.uuid() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** The signing secret, in plain text: only in the answer to create and roll. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;
export const webhookSecretSchema = z.object({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);
export const webhookDeliveryListQuerySchema = listQuerySchema;

export const webhookTestResultSchema = z.object({ deliveryId: z.string(), eventId: z.string() });
