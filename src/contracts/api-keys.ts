import { z } from './zod.ts';
import { workspaceIdParamsSchema } from './workspaces.ts';

/**
 * API keys (decision 043): a workspace's owners and admins make keys that call the API with
 * `Authorization: Bearer <key>` in the workspace, with the key's role. The key itself appears once, in the
 * answer that created it; the server keeps only its hash.
 */
export const apiKeyLimits = {
  nameMax: 80,
  /** Keys one workspace may hold at once; the next is refused with 409 until one is revoked. */
  perWorkspace: 50,
} as const;

/** A key may act as an admin or an agent; ownership stays with people. */
export const apiKeyRoles = ['admin', 'agent'] as const;
export const apiKeyRoleSchema = z.enum(apiKeyRoles);
export type ApiKeyRole = z.infer<typeof apiKeyRoleSchema>;

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const apiKeyPrefix = 'vc_';

export const createApiKeyInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(apiKeyLimits.nameMax, `must be at most ${apiKeyLimits.nameMax} characters`)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  role: apiKeyRoleSchema,
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

export const apiKeyItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: apiKeyRoleSchema,
  /** The key's first characters, to tell keys apart; never enough to use it. */
  prefix: z.string(),
  createdAt: z.string(),
  /** When the key was last used, to the minute; null when never. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;
export const apiKeyListSchema = z.array(apiKeyItemSchema);

/** The answer to creating a key: the only time the key is shown. */
export const createdApiKeySchema = apiKeyItemSchema
  .pick({ id: true, name: true, role: true })
  .extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = workspaceIdParamsSchema.extend({ keyId: z.uuid() });
