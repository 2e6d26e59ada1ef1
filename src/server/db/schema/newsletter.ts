import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow, primaryUuid } from './columns.ts';

export const newsletterTypes = ['landing footer'] as const;

/** Newsletter subscription. One row per address (stored trimmed and lower-cased). */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: primaryUuid(),
    email: text('email').notNull().unique(),
    type: text('type', { enum: newsletterTypes }).notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [check('email_subscriptions_type_check', sql`${table.type} in ('landing footer')`)],
);

export type EmailSubscription = typeof emailSubscriptions.$inferSelect;
