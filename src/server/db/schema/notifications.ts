import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './dashboard.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import { createdAtNow, ownedBy, primaryUuid, timestamptz } from './columns.ts';

/**
 * The header bell (decision 045): one row per member (user and workspace) a notification concerns, written by
 * `server/notifications/notify.ts`. `source_key` names the event it comes from; with the user it is unique, so
 * the same event retried notifies each member once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    userId: ownedBy('user_id', () => users.id),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** A path inside the app the notification opens. */
    link: text('link').notNull(),
    sourceKey: text('source_key'),
    readAt: timestamptz('read_at'),
    createdAt: createdAtNow(),
  },
  (table) => [
    uniqueIndex('notifications_user_source_key').on(table.userId, table.sourceKey),
    index('notifications_member_recent_idx').on(
      table.userId,
      table.workspaceId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notifications_member_unread_idx')
      .on(table.userId, table.workspaceId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
