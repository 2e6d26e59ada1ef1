import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random id: a leaked table does not hand out live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The workspace this session works in; null means the user's personal one. */
    workspaceId: uuid('workspace_id').references((): AnyPgColumn => workspaces.id, { onDelete: 'set null' }),
    /** Absolute expiry, fixed at sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

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
