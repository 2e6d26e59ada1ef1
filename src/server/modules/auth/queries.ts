import { and, asc, count, eq, gt, lt, max } from 'drizzle-orm';
import { sessionUserColumns } from '#server/auth/sessions.ts';
import type { RetentionRule } from '#server/db/batched-delete.ts';
import type { Database } from '#server/db/client.ts';
import { loginAttempts, loginSuccesses, signupAttempts, users } from '#server/db/schema/index.ts';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserByOidcSubject(db: Database, subject: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(users.oidcSubject, subject))
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning(sessionUserColumns);
  return row ?? null;
}

/** True when any administrator exists (an instance without one makes its first account the administrator). */
export async function hasAdministrator(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

export async function listPendingUsers(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.verified, false))
    .orderBy(asc(users.createdAt), asc(users.email));
}

/** Marks a pending account approved; null when there is no such pending account. */
export async function approvePendingUser(db: Database, where: { id: string } | { email: string }, now: Date) {
  const [row] = await db
    .update(users)
    .set({ verified: true, approvedAt: now, updatedAt: now })
    .where(
      and('id' in where ? eq(users.id, where.id) : eq(users.email, where.email), eq(users.verified, false)),
    )
    .returning(sessionUserColumns);
  return row ?? null;
}

export async function deletePendingUser(db: Database, id: string) {
  const [row] = await db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.verified, false)))
    .returning(sessionUserColumns);
  return row ?? null;
}

export async function countRecentFailures(
  db: Database,
  params: { email: string; ipAddress: string; since: Date },
) {
  const [byEmail] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, params.email), gt(loginAttempts.createdAt, params.since)));
  const [byAddress] = await db
    .select({ n: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ipAddress, params.ipAddress), gt(loginAttempts.createdAt, params.since)));
  return {
    byEmail: byEmail?.n ?? 0,
    lastByEmail: byEmail?.last ? new Date(byEmail.last) : null,
    byAddress: byAddress?.n ?? 0,
    lastByAddress: byAddress?.last ? new Date(byAddress.last) : null,
  };
}

/** True when the user has signed in from this address before (see login_successes). */
export async function hasSignedInFrom(db: Database, userId: string, ipAddress: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: loginSuccesses.userId })
    .from(loginSuccesses)
    .where(and(eq(loginSuccesses.userId, userId), eq(loginSuccesses.ipAddress, ipAddress)))
    .limit(1);
  return row !== undefined;
}

/**
 * Housekeeping (the prune-old-rows job): an address not signed in from for LOGIN_SUCCESSES_RETENTION_DAYS is
 * forgotten, so the list does not grow by every address a user ever came from; a sign-in from it again records it
 * afresh. Its key spans two columns, so rows are looked up by ctid; `last_at` has no index of its own.
 */
export const loginSuccessesRetention: RetentionRule = {
  table: 'login_successes',
  key: 'ctid',
  column: 'last_at',
  indexed: false,
};

/**
 * A right password: the address becomes one the account's failures never hold back. No failure is forgiven:
 * a guesser who signs in to an account of their own must not reset the count of the address they guess from.
 */
export async function recordSuccess(db: Database, params: { userId: string; ipAddress: string; now: Date }) {
  await db
    .insert(loginSuccesses)
    .values({ userId: params.userId, ipAddress: params.ipAddress, lastAt: params.now })
    .onConflictDoUpdate({
      target: [loginSuccesses.userId, loginSuccesses.ipAddress],
      set: { lastAt: params.now },
    });
}

export async function recordFailure(
  db: Database,
  params: { email: string; ipAddress: string; now: Date; pruneBefore: Date },
) {
  await db
    .insert(loginAttempts)
    .values({ email: params.email, ipAddress: params.ipAddress, createdAt: params.now });
  // Housekeeping: rows older than the window no longer count for anyone.
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, params.pruneBefore));
}

/**
 * Records a sign-up from the address and answers how many it made since `since`, this one included. Insert
 * first, then count: two sign-ups at once both see each other, so a race can only refuse early, never let an
 * extra one through.
 */
export async function recordSignupAttempt(
  db: Database,
  params: { ipAddress: string; now: Date; since: Date },
): Promise<number> {
  await db.insert(signupAttempts).values({ ipAddress: params.ipAddress, createdAt: params.now });
  const [row] = await db
    .select({ n: count() })
    .from(signupAttempts)
    .where(and(eq(signupAttempts.ipAddress, params.ipAddress), gt(signupAttempts.createdAt, params.since)));
  // Housekeeping: rows older than the window no longer count for anyone.
  await db.delete(signupAttempts).where(lt(signupAttempts.createdAt, params.since));
  return row?.n ?? 0;
}
