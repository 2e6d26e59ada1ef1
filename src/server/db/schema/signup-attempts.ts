import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow, primaryUuid } from './columns.ts';

/**
 * Sign-ups per client address, kept in the database like `login_attempts`, so the limit (10 per address per
 * minute) survives restarts and holds across instances. Old rows are pruned on each sign-up.
 */
export const signupAttempts = pgTable(
  'signup_attempts',
  {
    id: primaryUuid(),
    ipAddress: text('ip_address').notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [
    index('signup_attempts_ip_idx').on(table.ipAddress, table.createdAt),
    index('signup_attempts_created_idx').on(table.createdAt),
  ],
);

export type SignupAttempt = typeof signupAttempts.$inferSelect;
