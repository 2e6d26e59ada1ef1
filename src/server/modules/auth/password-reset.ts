import { and, count, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  passwordResetInvalidLinkMessage,
  passwordResetTooManyMessage,
  type PasswordResetConfirm,
} from '#contracts/auth.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Database } from '#server/db/client.ts';
import {
  loginAttempts,
  passwordResetRequests,
  passwordResetTokens,
  sessions,
  users,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { greetingFor, letterText } from '#server/mail/letter.ts';
import { hashToken, newToken } from '#server/security/tokens.ts';

/** A reset link works for an hour, once. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Requests counted over an hour: per address typed (an account) and per client address. */
export const RESET_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_ADDRESS = 10;

export interface PasswordResetDeps {
  db: Database;
  jobs: JobQueue;
  /**
   * Where the emailed link points. Never taken from the request's Host header: a forged header would otherwise
   * send the token to someone else's site.
   */
  appUrl: string;
}

/** The link in the email: the token travels in the fragment, so it reaches no server log or Referer header. */
export const resetLinkFor = (appUrl: string, token: string) =>
  `${new URL('/reset-password', appUrl).toString()}#token=${token}`;

export function createPasswordResetService({ db, jobs, appUrl }: PasswordResetDeps) {
  return {
    /**
     * Records the request, refuses above the limits, and (only when the address has a password account) stores a
     * one-hour token and queues the email in the same transaction. The caller answers the same either way.
     */
    async request(email: string, ipAddress: string, now = new Date()): Promise<void> {
      const since = new Date(now.getTime() - RESET_WINDOW_MS);
      await db.transaction(async (tx) => {
        // Insert first, then count: two requests at once see each other, so a race can only refuse early.
        await tx.insert(passwordResetRequests).values({ email, ipAddress, createdAt: now });
        const [byEmail] = await tx
          .select({ n: count() })
          .from(passwordResetRequests)
          .where(and(eq(passwordResetRequests.email, email), gt(passwordResetRequests.createdAt, since)));
        const [byAddress] = await tx
          .select({ n: count() })
          .from(passwordResetRequests)
          .where(
            and(eq(passwordResetRequests.ipAddress, ipAddress), gt(passwordResetRequests.createdAt, since)),
          );
        await tx.delete(passwordResetRequests).where(lt(passwordResetRequests.createdAt, since));
        if ((byEmail?.n ?? 0) > MAX_RESETS_PER_EMAIL || (byAddress?.n ?? 0) > MAX_RESETS_PER_ADDRESS) {
          throw new AppError('RATE_LIMITED', passwordResetTooManyMessage);
        }
      });
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        // Accounts that sign in only through OpenID Connect have no password to reset.
        .where(and(eq(users.email, email), sql`${users.passwordHash} is not null`))
        .limit(1);
      if (!user) return;
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
        });
        await jobs.send(
          sendEmailJob,
          {
            to: user.email,
            subject: 'Set a new Voicecart password',
            text: letterText(
              greetingFor(user.firstName),
              [
                'Someone (we hope you) asked to set a new password for your Voicecart account.',
                `Open this link within an hour to choose one: ${resetLinkFor(appUrl, token)}`,
              ],
              [
                'The link works once. If you did not ask for this, ignore this email: your password stays as it is.',
              ],
            ),
          },
          { tx },
        );
      });
    },

    /**
     * Sets the new password if the token is known, unused and unexpired. Claiming the token is one conditional
     * update, so two uses at once change the password once. Every session of the account except `keepSession`
     * (the browser doing the reset, when it is signed in as that account) is deleted, as are its other links.
     */
    async confirm(
      input: PasswordResetConfirm,
      options: { keepSessionHash?: string | undefined; now?: Date } = {},
    ): Promise<{ userId: string; email: string }> {
      const now = options.now ?? new Date();
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(input.token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) throw new AppError('BAD_REQUEST', passwordResetInvalidLinkMessage);
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, claimed.userId))
          .returning({ id: users.id, email: users.email });
        if (!user) throw new AppError('BAD_REQUEST', passwordResetInvalidLinkMessage);
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await tx
          .delete(sessions)
          .where(
            options.keepSessionHash
              ? and(eq(sessions.userId, user.id), ne(sessions.idHash, options.keepSessionHash))
              : eq(sessions.userId, user.id),
          );
        // The owner proved they hold the mailbox: earlier failed sign-ins no longer lock them out.
        await tx.delete(loginAttempts).where(eq(loginAttempts.email, user.email));
        return { userId: user.id, email: user.email };
      });
    },
  };
}
