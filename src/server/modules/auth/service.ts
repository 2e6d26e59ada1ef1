import { signInErrorMessages, type LoginInput, type SignupInput } from '#contracts/auth.ts';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { createSession, sessionUserColumns, type SessionUser } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import type { OidcIdentity } from '#server/integrations/oidc/client.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { eq, sql } from 'drizzle-orm';
import * as queries from './queries.ts';
import { greetingFor, letterText } from '#server/mail/letter.ts';
import { normalizeEmail } from '#server/auth/email.ts';

/**
 * Sign-in slows down, it never locks: failures are counted over 15 minutes per account and per address, and past
 * a few free ones each next try must wait twice as long after the last failure (1 s, 2 s, 4 s ... up to 15
 * minutes), answered 429 with Retry-After. The account's count never holds back an address the account has
 * signed in from before (login_successes), so strangers' guesses cannot keep an owner, the administrator
 * included, out; the address's own count still applies to it.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const FREE_FAILURES_PER_ACCOUNT = 5;
/** Higher than per account: many people can share one address (an office, a mobile carrier). */
export const FREE_FAILURES_PER_ADDRESS = 20;
export const MAX_LOGIN_DELAY_MS = LOGIN_WINDOW_MS;

/** How long after the last failure the next try must wait, given the failures in the window. */
export function loginDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(1000 * 2 ** (failures - free), MAX_LOGIN_DELAY_MS);
}

/** Sign-up limit: per client address, counted in the database across instances. */
export const SIGNUP_WINDOW_MS = 60 * 1000;
export const MAX_SIGNUPS_PER_ADDRESS = 10;
export const TOO_MANY_SIGNUPS_MESSAGE =
  'Too many sign-ups from your network. Please wait a minute and try again.';

export const WRONG_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many failed sign-in attempts. Please wait a moment and try again.';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Sign in instead.';

export interface AccountsServiceDeps {
  db: Database;
  jobs: JobQueue;
  /** Used in the approval email's sign-in link. */
  publicUrl?: string | undefined;
}

/**
 * Transaction-level advisory lock that orders account creation while an instance has no administrator, so two
 * first sign-ups at once make exactly one administrator. Same key on every instance of the app.
 */
const FIRST_ADMIN_LOCK = 'voicecart:first-administrator';

/** A created account; `isFirstAdministrator` when it became the administrator of an instance that had none. */
export interface CreatedAccount {
  user: SessionUser;
  isFirstAdministrator: boolean;
}

export interface NewAccount {
  email: string;
  password?: string | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  verified?: boolean;
  admin?: boolean;
}

const emailText = {
  approvedSubject: 'Your Voicecart account is approved',
  rejectedSubject: 'Your Voicecart sign-up',
};

export function createAccountsService({ db, jobs, publicUrl }: AccountsServiceDeps) {
  const signInUrl = publicUrl ? new URL('/login', publicUrl).toString() : null;

  /**
   * Inserts an account (null when the email is taken). On an instance with no administrator yet the account is
   * made the verified administrator: the check and the insert run under one advisory lock, so concurrent first
   * accounts queue and only the first finds no administrator. Once one exists, no lock is taken.
   */
  async function insertAccount(values: typeof users.$inferInsert, now: Date): Promise<CreatedAccount | null> {
    if (values.role !== 'admin' && (await queries.hasAdministrator(db))) {
      const user = await queries.insertUser(db, values);
      return user ? { user, isFirstAdministrator: false } : null;
    }
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_ADMIN_LOCK}))`);
      const isFirst = !(await queries.hasAdministrator(tx));
      const user = await queries.insertUser(
        tx,
        isFirst ? { ...values, role: 'admin', verified: true, approvedAt: values.approvedAt ?? now } : values,
      );
      return user ? { user, isFirstAdministrator: isFirst } : null;
    });
  }

  async function createAccount(input: NewAccount): Promise<CreatedAccount> {
    const email = normalizeEmail(input.email);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const now = new Date();
    const created = await insertAccount(
      {
        email,
        passwordHash,
        firstName: input.firstName?.trim() || null,
        lastName: input.lastName?.trim() || null,
        verified: input.verified ?? false,
        approvedAt: input.verified ? now : null,
        role: input.admin ? 'admin' : 'user',
        createdAt: now,
        updatedAt: now,
      },
      now,
    );
    if (!created)
      throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE, [
        { path: 'email', message: DUPLICATE_EMAIL_MESSAGE },
      ]);
    return created;
  }

  /**
   * An administrator's decision on a pending account (`decide` returns it, or nothing when none awaits review),
   * and the email telling the person, queued in the same transaction.
   */
  function decidePending(
    decide: (tx: Database) => Promise<SessionUser | null>,
    subject: string,
    lines: string[],
  ): Promise<SessionUser> {
    return db.transaction(async (tx) => {
      const user = await decide(tx);
      if (!user) throw new AppError('NOT_FOUND', 'No account awaiting review matches that.');
      await jobs.send(
        sendEmailJob,
        { to: user.email, subject, text: letterText(greetingFor(user.firstName), lines) },
        { tx },
      );
      return user;
    });
  }

  return {
    createAccount,

    /**
     * A new account waits for review (verified: false) and is signed in at once, to see the review modal;
     * the first account of an instance without an administrator is the administrator instead.
     */
    async signUp(
      input: SignupInput,
      ipAddress: string,
      now = new Date(),
    ): Promise<CreatedAccount & { token: string }> {
      // Counted before the password is hashed: the limit also protects the CPU.
      const since = new Date(now.getTime() - SIGNUP_WINDOW_MS);
      const attempts = await queries.recordSignupAttempt(db, { ipAddress, now, since });
      if (attempts > MAX_SIGNUPS_PER_ADDRESS) throw new AppError('RATE_LIMITED', TOO_MANY_SIGNUPS_MESSAGE);
      const created = await createAccount({ ...input, verified: false, admin: false });
      return { ...created, token: await createSession(db, created.user.id) };
    },

    /** One generic message for an unknown email and a wrong password; failures counted in the database. */
    async signIn(
      input: LoginInput,
      ipAddress: string,
      now = new Date(),
    ): Promise<{ user: SessionUser; token: string }> {
      const email = normalizeEmail(input.email);
      const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
      const failures = await queries.countRecentFailures(db, { email, ipAddress, since });
      const found = await queries.findUserByEmail(db, email);
      const knownAddress = found ? await queries.hasSignedInFrom(db, found.id, ipAddress) : false;
      const waitUntil = Math.max(
        failures.lastByAddress
          ? failures.lastByAddress.getTime() + loginDelayMs(failures.byAddress, FREE_FAILURES_PER_ADDRESS)
          : 0,
        failures.lastByEmail && !knownAddress
          ? failures.lastByEmail.getTime() + loginDelayMs(failures.byEmail, FREE_FAILURES_PER_ACCOUNT)
          : 0,
      );
      if (waitUntil > now.getTime()) {
        // The password is not even checked, so waiting is the only way to learn anything.
        throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS_MESSAGE, undefined, {
          retryAfterSeconds: Math.ceil((waitUntil - now.getTime()) / 1000),
        });
      }
      const isValid = await verifyPassword(found?.passwordHash ?? null, input.password);
      if (!found || !isValid) {
        await queries.recordFailure(db, { email, ipAddress, now, pruneBefore: since });
        throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
      }
      await queries.recordSuccess(db, { userId: found.id, ipAddress, now });
      const { passwordHash: _hash, oidcSubject: _subject, ...user } = found;
      return { user, token: await createSession(db, user.id, now) };
    },

    /**
     * Finds the account of an OpenID Connect identity, creating it (pending review) on first sign-in, and
     * refreshes its profile from the claims. An existing password account is linked only when the provider
     * says it verified the email; otherwise anyone could claim an address at a lax provider.
     */
    async signInWithOidc(
      identity: OidcIdentity,
    ): Promise<{ user: SessionUser; token: string; isFirstAdministrator: boolean }> {
      const profile = {
        ...(identity.givenName ? { firstName: identity.givenName } : {}),
        ...(identity.familyName ? { lastName: identity.familyName } : {}),
        ...(identity.picture && /^https?:\/\//.test(identity.picture) && identity.picture.length <= 2048
          ? { profileImageUrl: identity.picture }
          : {}),
      };
      const now = new Date();
      let isFirstAdministrator = false;
      let user: SessionUser | null = await queries.findUserByOidcSubject(db, identity.subject);
      if (user) {
        const emailChange =
          identity.email &&
          identity.email !== user.email &&
          !(await queries.findUserByEmail(db, identity.email))
            ? { email: identity.email }
            : {};
        const [updated] = await db
          .update(users)
          .set({ ...profile, ...emailChange, updatedAt: now })
          .where(eq(users.id, user.id))
          .returning(sessionUserColumns);
        user = updated ?? user;
      } else {
        if (!identity.email)
          throw new AppError('BAD_REQUEST', 'The sign-in provider did not share an email address.');
        const existing = await queries.findUserByEmail(db, identity.email);
        if (existing) {
          if (!identity.emailVerified || existing.oidcSubject) {
            throw new AppError('CONFLICT', signInErrorMessages['email-taken']);
          }
          const [linked] = await db
            .update(users)
            .set({ ...profile, oidcSubject: identity.subject, updatedAt: now })
            .where(eq(users.id, existing.id))
            .returning(sessionUserColumns);
          user = linked ?? null;
        } else {
          const created = await insertAccount(
            {
              email: identity.email,
              oidcSubject: identity.subject,
              ...profile,
              createdAt: now,
              updatedAt: now,
            },
            now,
          );
          user = created?.user ?? null;
          isFirstAdministrator = created?.isFirstAdministrator ?? false;
        }
      }
      if (!user) throw new AppError('CONFLICT', 'The account changed while signing in. Please try again.');
      return { user, token: await createSession(db, user.id, now), isFirstAdministrator };
    },

    async listPendingUsers() {
      const rows = await queries.listPendingUsers(db);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Approves a pending account and, in the same transaction, queues the email telling them so. */
    async approveUser(where: { id: string } | { email: string }): Promise<SessionUser> {
      return decidePending(
        (tx) => queries.approvePendingUser(tx, where, new Date()),
        emailText.approvedSubject,
        [
          'Good news: our admin team has reviewed and approved your Voicecart account.',
          signInUrl
            ? `You can now sign in at ${signInUrl} and open your dashboard.`
            : 'You can now sign in and open your dashboard.',
        ],
      );
    },

    /**
     * Rejecting deletes the pending account (and, through the foreign key, its sessions) and tells the person,
     * so the address is free to sign up again later (docs/spec-deviations.md).
     */
    async rejectUser(id: string): Promise<SessionUser> {
      return decidePending((tx) => queries.deletePendingUser(tx, id), emailText.rejectedSubject, [
        'Thank you for your interest in Voicecart. After review, our admin team could not approve your account,',
        'and it has been removed along with the details you gave us. Reply to this email if you think this is a mistake.',
      ]);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
