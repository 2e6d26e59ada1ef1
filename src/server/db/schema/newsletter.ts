import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const newsletterTypes = ['landing footer'] as const;

/** Newsletter subscription. One row per address (stored trimmed and lower-cased). */
export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    type: text('type', { enum: newsletterTypes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('email_subscriptions_type_check', sql`${table.type} in ('landing footer')`)],
);

export type EmailSubscription = typeof emailSubscriptions.$inferSelect;
