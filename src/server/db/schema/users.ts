import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow, ownedBy, primaryUuid, timestamptz, updatedAtNow } from './columns.ts';

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** A person, or the service principal behind an API key (decision 043), which can never sign in. */
export const userKinds = ['person', 'api_key'] as const;
export type UserKind = (typeof userKinds)[number];

export const users = pgTable(
  'users',
  {
    id: primaryUuid(),
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
    kind: text('kind', { enum: userKinds }).notNull().default('person'),
    /** `iss|sub` of the OpenID Connect identity, when the account came from one. */
    oidcSubject: text('oidc_subject').unique(),
    approvedAt: timestamptz('approved_at'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_kind_check', sql`${table.kind} in ('person', 'api_key')`),
    check(
      'users_api_key_cannot_sign_in_check',
      sql`${table.kind} = 'person' OR (${table.passwordHash} IS NULL AND ${table.oidcSubject} IS NULL)`,
    ),
    index('users_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.verified} = false`),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * A log of attempts limited per email typed and per client address over a recent window: the email (normalized; it
 * may not belong to any account), the address and the time, indexed for each count and for pruning old rows.
 */
function attemptLog<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: primaryUuid(),
      email: text('email').notNull(),
      ipAddress: text('ip_address').notNull(),
      createdAt: createdAtNow(),
    },
    (table) => [
      index(`${name}_email_idx`).on(table.email, table.createdAt),
      index(`${name}_ip_idx`).on(table.ipAddress, table.createdAt),
      index(`${name}_created_idx`).on(table.createdAt),
    ],
  );
}

/**
 * Failed sign-ins, kept in the database so the limit (5 per account and 20 per address in 15 minutes)
 * survives restarts and holds across instances. Old rows are pruned on each failure.
 */
export const loginAttempts = attemptLog('login_attempts');

export type LoginAttempt = typeof loginAttempts.$inferSelect;

/**
 * "Forgot password?" links: the database holds the SHA-256 of the link's random token, never the token. A link
 * works once (`used_at`) and for an hour (`expires_at`).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAtNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Every "Forgot password?" request, whether or not the address has an account, so the limits per address typed
 * and per client address hold across restarts and instances without telling which addresses have accounts.
 */
export const passwordResetRequests = attemptLog('password_reset_requests');

/**
 * Email change links, sent to the new address: the SHA-256 of the link's token, the address it confirms, one use
 * (`used_at`) within a day (`expires_at`). The account's email changes only when the link is opened.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    newEmail: text('new_email').notNull(),
    createdAt: createdAtNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('email_change_tokens_user_idx').on(table.userId)],
);
