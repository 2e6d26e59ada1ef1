import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { workspaceRoles } from '#contracts/workspaces.ts';
import { users } from './users.ts';
import { createdAtNow, ownedBy, primaryUuid, updatedAtNow } from './columns.ts';

/**
 * Brands belong to a workspace; users belong to workspaces with one role in each (decision 030). Every user
 * has a personal workspace (`personal_for`), made by the `users_personal_workspace` trigger when the account is
 * inserted, whoever inserts it; deleting the user deletes it and its brands.
 */
export const workspaces = pgTable('workspaces', {
  id: primaryUuid(),
  name: text('name').notNull(),
  personalFor: uuid('personal_for')
    .unique('workspaces_personal_for_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAtNow(),
  updatedAt: updatedAtNow(),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    userId: ownedBy('user_id', () => users.id),
    role: text('role', { enum: workspaceRoles }).notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [
    primaryKey({ name: 'workspace_members_pkey', columns: [table.workspaceId, table.userId] }),
    check('workspace_members_role_check', sql`${table.role} in ('owner', 'admin', 'agent')`),
    index('workspace_members_user_idx').on(table.userId, table.workspaceId),
  ],
);

export type Workspace = typeof workspaces.$inferSelect;
export type WorkspaceMember = typeof workspaceMembers.$inferSelect;
