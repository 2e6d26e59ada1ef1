import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull().unique(),
    /** argon2id PHC string; null for accounts that only sign in through OpenID Connect. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** False means pending admin approval. */
    verified: boolean('verified').notNull().default(false),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    /** `iss|sub` of the OpenID Connect identity, when the account came from one. */
    oidcSubject: text('oidc_subject').unique(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    index('users_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.verified} = false`),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * Failed sign-ins, kept in the database so the limit (5 per account and 20 per address in 15 minutes)
 * survives restarts and holds across instances. Old rows are pruned on each failure.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The normalized email that was tried (it may not belong to any account). */
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ipAddress, table.createdAt),
    index('login_attempts_created_idx').on(table.createdAt),
  ],
);

export type LoginAttempt = typeof loginAttempts.$inferSelect;
