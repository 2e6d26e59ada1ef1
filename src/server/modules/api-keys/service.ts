import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  apiKeyLimits,
  type ApiKeyItem,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '#contracts/api-keys.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import { generateApiKey } from '#server/auth/api-keys.ts';
import type { Database } from '#server/db/client.ts';
import { apiKeys, users, workspaceMembers } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';

/**
 * A workspace's API keys (decision 043). Each key is a service principal: a users row of kind 'api_key' (no
 * password, no personal workspace, verified so the API's guards let it through) with one membership carrying the
 * key's role. Only people who may `apiKeys.manage` reach these; a key never may, whatever its role.
 */
export function createApiKeyService({ db }: { db: Database }) {
  return {
    async list(userId: string, workspaceId: string): Promise<ApiKeyItem[]> {
      await authorizeWorkspace(db, userId, 'apiKeys.manage', workspaceId);
      const rows = await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          role: workspaceMembers.role,
          prefix: apiKeys.keyPrefix,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
        })
        .from(apiKeys)
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.userId, apiKeys.userId),
            eq(workspaceMembers.workspaceId, apiKeys.workspaceId),
          ),
        )
        .where(eq(apiKeys.workspaceId, workspaceId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
      return rows.map((row) => ({
        ...row,
        // Only admin and agent memberships are ever made for a key (createApiKeyInputSchema).
        role: row.role === 'agent' ? 'agent' : 'admin',
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async create(userId: string, workspaceId: string, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      await authorizeWorkspace(db, userId, 'apiKeys.manage', workspaceId);
      const { key, hash, prefix } = generateApiKey();
      return db.transaction(async (tx) => {
        // One creation at a time per workspace, so two at once cannot both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${workspaceId}`}))`);
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(eq(apiKeys.workspaceId, workspaceId));
        if ((held?.n ?? 0) >= apiKeyLimits.perWorkspace) {
          throw new AppError(
            'CONFLICT',
            `A workspace may have at most ${apiKeyLimits.perWorkspace} API keys. Revoke one to create another.`,
          );
        }
        const [principal] = await tx
          .insert(users)
          .values({
            // Never a mailbox: `.invalid` cannot resolve (RFC 2606), and the row has no password to reset.
            email: `api-key-${hash.slice(0, 32)}@keys.voicecart.invalid`,
            firstName: input.name,
            kind: 'api_key',
            verified: true,
          })
          .returning({ id: users.id });
        await tx.insert(workspaceMembers).values({ workspaceId, userId: principal!.id, role: input.role });
        const [row] = await tx
          .insert(apiKeys)
          .values({
            workspaceId,
            userId: principal!.id,
            name: input.name,
            keyHash: hash,
            keyPrefix: prefix,
            createdBy: userId,
          })
          .returning({ id: apiKeys.id });
        return { id: row!.id, name: input.name, role: input.role, key };
      });
    },

    /** Deleting the principal deletes its membership and the key: the next request with it answers 401. */
    async revoke(userId: string, workspaceId: string, keyId: string): Promise<void> {
      await authorizeWorkspace(db, userId, 'apiKeys.manage', workspaceId);
      const [key] = await db
        .select({ userId: apiKeys.userId })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId)))
        .limit(1);
      if (!key) throw new AppError('NOT_FOUND', 'API key not found');
      await db.delete(users).where(and(eq(users.id, key.userId), eq(users.kind, 'api_key')));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
