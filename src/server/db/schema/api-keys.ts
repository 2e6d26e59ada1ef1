import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import { createdAtNow, ownedBy, primaryUuid, timestamptz } from './columns.ts';

/**
 * API keys (decision 043). The database holds the SHA-256 of the key, never the key; `key_prefix` is its first
 * characters, to tell keys apart on the API screen. Each key is backed by its own service principal (`user_id`,
 * a users row of kind 'api_key') whose one workspace membership carries the key's role, so the access policy
 * answers for a key exactly as for a person; revoking deletes the principal, and with it the membership. The
 * `api_keys_delete_principal` trigger deletes the principal whenever the key row goes (its workspace deleted).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    userId: ownedBy('user_id', () => users.id).unique('api_keys_user_id_unique'),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique('api_keys_key_hash_unique'),
    keyPrefix: text('key_prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
    /** Written at most once a minute per key, so reads through a key do not each become a write. */
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('api_keys_workspace_created_idx').on(table.workspaceId, table.createdAt, table.id)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
