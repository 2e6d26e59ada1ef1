import { index, pgTable, uniqueIndex, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import { createdAtNow, ownedBy, timestamptz, timestamptzNow } from './columns.ts';

// Its own file: a session names both its user and its workspace, and workspaces.ts already imports users.ts.
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a leaked table does not hand out live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAtNow(),
    lastSeenAt: timestamptzNow('last_seen_at'),
    /** The workspace this session works in; null means the user's personal one. */
    workspaceId: uuid('workspace_id').references((): AnyPgColumn => workspaces.id, { onDelete: 'set null' }),
    /** Absolute expiry, fixed at sign-in. */
    expiresAt: timestamptz('expires_at').notNull(),
    /** How the Profile screen names the session (its cookie's hash never leaves the server). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The browser's User-Agent and the client address at sign-in, for the Profile screen's list. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
    uniqueIndex('sessions_public_id_key').on(table.publicId),
  ],
);

export type Session = typeof sessions.$inferSelect;
