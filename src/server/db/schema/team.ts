import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaceRoles } from '#contracts/workspaces.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import { createdAtNow, ownedBy, primaryUuid, timestamptz } from './columns.ts';

/**
 * Invitations to a workspace (decision 042). The emailed link carries a random token; the database holds only
 * its SHA-256, so a copy of the database opens no invitation. Resending replaces the hash (the old link dies).
 * At most one open invitation (neither accepted nor revoked) per workspace and address.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    /** Stored trimmed and lower-cased, like `users.email`. */
    email: text('email').notNull(),
    role: text('role', { enum: workspaceRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique('workspace_invitations_token_hash_unique'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    check('workspace_invitations_role_check', sql`${table.role} in ('owner', 'admin', 'agent')`),
    uniqueIndex('workspace_invitations_open_idx')
      .on(table.workspaceId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * Sensitive actions of a workspace (decision 042): who (`actor_email` is kept as it was, so a removed account
 * still reads), what, on what, when and from which address. Kept a year (the prune-old-rows job).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    createdAt: createdAtNow(),
  },
  (table) => [
    index('audit_log_workspace_idx').on(table.workspaceId, table.createdAt, table.id),
    index('audit_log_created_idx').on(table.createdAt),
  ],
);

export type WorkspaceInvitation = typeof workspaceInvitations.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
