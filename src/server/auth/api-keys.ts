import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeyPrefix } from '#contracts/api-keys.ts';
import type { Database } from '#server/db/client.ts';
import { apiKeys, users } from '#server/db/schema/index.ts';
import { sessionUserColumns, type SessionUser } from './sessions.ts';

/**
 * API keys at rest and in use (decision 043). A key is `vc_` and 43 base64url characters (32 random bytes); the
 * database holds its SHA-256 only, so a copy of the database cannot call the API. SHA-256 without a salt is
 * enough for 256 random bits (nothing to guess) and lets the lookup be one indexed equality.
 */
const KEY_PATTERN = /^vc_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often, so reads through a key do not each turn into a write. */
export const API_KEY_TOUCH_INTERVAL_MS = 60 * 1000;
/** How many characters of a key the API screen shows to tell keys apart. */
const DISPLAYED_PREFIX_LENGTH = 10;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key, its hash to store and the few characters to display. */
export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAYED_PREFIX_LENGTH) };
}

/** The key's principal as the request's user, its workspace, and the key's id (rate limits, last use). */
export type ApiKeyPrincipal = SessionUser & { workspaceId: string; apiKeyId: string };

/** Built once per database handle, like the session lookup (decision 016): it runs on every bearer request. */
function prepareKeyLookup(db: Database) {
  return db
    .select({
      ...sessionUserColumns,
      workspaceId: apiKeys.workspaceId,
      apiKeyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.kind, 'api_key')))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('api_key_principal');
}

const keyLookups = new WeakMap<Database, ReturnType<typeof prepareKeyLookup>>();

/** The principal behind a bearer key, or null when the key is malformed, unknown or revoked. */
export async function findApiKeyPrincipal(
  db: Database,
  key: string,
  now = new Date(),
): Promise<ApiKeyPrincipal | null> {
  if (!KEY_PATTERN.test(key)) return null;
  let lookup = keyLookups.get(db);
  if (!lookup) {
    lookup = prepareKeyLookup(db);
    keyLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ keyHash: hashApiKey(key) });
  if (!row) return null;
  const { lastUsedAt, ...principal } = row;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > API_KEY_TOUCH_INTERVAL_MS) {
    // Conditional, so concurrent first requests of a minute write once between them.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.apiKeyId),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - API_KEY_TOUCH_INTERVAL_MS)),
          ),
        ),
      );
  }
  return principal;
}

/** The key in `Authorization: Bearer <key>`; undefined without one (the scheme is case-insensitive). */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return match ? match[1] : undefined;
}
