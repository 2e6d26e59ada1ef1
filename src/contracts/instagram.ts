import { z } from './zod.ts';

/** A brand's Instagram connection, as the dashboard sees it (never the token). */
export const instagramConnectionStatuses = ['not_connected', 'connected', 'needs_reconnect'] as const;

export const instagramConnectionSchema = z.object({
  brandId: z.string(),
  status: z.enum(instagramConnectionStatuses),
  accountId: z.string().nullable(),
  username: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  lastWebhookAt: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** Why a reconnect is needed (Instagram's message), when it is. */
  statusReason: z.string().nullable(),
  /** The demo's sample account: nothing is sent to Instagram, and buyer messages can be simulated. */
  sample: z.boolean(),
});
export type InstagramConnection = z.infer<typeof instagramConnectionSchema>;

// Instagram ids are digits; tokens are long opaque strings without spaces.
export const connectInstagramInputSchema = z.object({
  accountId: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^\d+$/, 'must be the numeric Instagram account id'),
  accessToken: z
    .string()
    .trim()
    .min(20, 'must be an access token from Meta’s app dashboard')
    .max(2048, 'must be at most 2048 characters')
    .regex(/^[A-Za-z0-9_\-.|]+$/, 'must be an access token from Meta’s app dashboard'),
});
export type ConnectInstagramInput = z.infer<typeof connectInstagramInputSchema>;

/** What the owner pastes into Meta's webhook settings, and whether OAuth is set up on this server. */
export const instagramSettingsSchema = z.object({
  oauthAvailable: z.boolean(),
  humanAgentTag: z.boolean(),
  /**
   * How the server is wired to Meta: for administrators only (null for everyone else), since a brand owner can
   * neither change nor use it.
   */
  operator: z
    .object({
      callbackUrl: z.string(),
      /** Null when unset. */
      verifyToken: z.string().nullable(),
      webhooksConfigured: z.boolean(),
    })
    .nullable(),
});
export type InstagramSettings = z.infer<typeof instagramSettingsSchema>;

export const instagramConnectQuerySchema = z.object({ brandId: z.uuid() });

export const instagramCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(500).optional(),
  error_reason: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

/** Webhook handshake; names with dots, as Meta sends them. */
export const instagramHandshakeQuerySchema = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

/** Largest webhook body accepted: a 1,000-update batch with room to spare. */
export const instagramWebhookMaxBytes = 4 * 1024 * 1024;

const id = z.union([z.string().min(1).max(256), z.number().transform(String)]);

/** The envelope of a webhook POST. Items are kept as sent; each is read by its own schema later. */
export const instagramWebhookPayloadSchema = z.object({
  object: z.literal('instagram'),
  entry: z
    .array(
      z.object({
        id,
        time: z.number().optional(),
        messaging: z.array(z.record(z.string(), z.unknown())).optional(),
        standby: z.array(z.record(z.string(), z.unknown())).optional(),
        changes: z.array(z.record(z.string(), z.unknown())).optional(),
      }),
    )
    .max(5000),
});
export type InstagramWebhookPayload = z.infer<typeof instagramWebhookPayloadSchema>;

/**
 * POST /api/brands/{id}/instagram/simulate: a buyer's DM or comment delivered to the brand's sample Instagram
 * account through the same ingestion as a webhook (only for sample accounts).
 */
export const simulateBuyerMessageInputSchema = z.strictObject({
  kind: z.enum(['dm', 'comment']),
  text: z
    .string()
    .trim()
    .min(1, 'Write the buyer message first.')
    .max(1000, 'A buyer message is at most 1000 characters.'),
  /** The buyer's Instagram username; a made-up one when left out. */
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._]{1,30}$/, 'A username has letters, digits, . and _ (at most 30).')
    .optional(),
});
export type SimulateBuyerMessageInput = z.infer<typeof simulateBuyerMessageInputSchema>;
export const simulateBuyerMessageResultSchema = z.object({
  kind: z.enum(['dm', 'comment']),
  username: z.string(),
  /** Stored events (1; 0 only if the same delivery was stored before). */
  stored: z.number().int(),
});
export type SimulateBuyerMessageResult = z.infer<typeof simulateBuyerMessageResultSchema>;
