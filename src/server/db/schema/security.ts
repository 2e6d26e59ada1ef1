import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { ownedBy, timestamptz, timestamptzNow } from './columns.ts';

/**
 * The rate limiter's counters (one row per route and client key), in the database so every instance behind a
 * balancer counts the same requests (plugins/rate-limit-store.ts). Rows past their reset are pruned.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (table) => [index('rate_limit_counters_reset_at_idx').on(table.resetAt)],
);

/** Addresses a user has signed in from: the right password from one of them is never slowed by others' failures. */
export const loginSuccesses = pgTable(
  'login_successes',
  {
    userId: ownedBy('user_id', () => users.id),
    ipAddress: text('ip_address').notNull(),
    lastAt: timestamptzNow('last_at'),
  },
  (table) => [primaryKey({ name: 'login_successes_pkey', columns: [table.userId, table.ipAddress] })],
);
