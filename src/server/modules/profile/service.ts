import { and, asc, desc, eq, getTableColumns, gt, inArray, is, isNull, ne, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import {
  deleteAccountEmailMismatchMessage,
  deleteAccountLastAdministratorMessage,
  deleteAccountLastOwnerMessage,
  emailChangeInvalidLinkMessage,
  emailTakenMessage,
  emailUnchangedMessage,
  noPasswordMessage,
  wrongCurrentPasswordMessage,
  type DataExport,
  type Profile,
  type ProfileSession,
} from '#contracts/profile.ts';
import { paths } from '#contracts/paths.ts';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import {
  brands,
  emailChangeTokens,
  notifications,
  sessions,
  users,
  workspaceMembers,
  workspaces,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { describeDevice } from './user-agent.ts';
import { greetingFor, letterText } from '#server/mail/letter.ts';
import { hashToken, newToken } from '#server/security/tokens.ts';
import { normalizeEmail } from '#server/auth/email.ts';

/** An email change link works for a day, once. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The link in the email: the token in the fragment, so it reaches no server log or Referer header. */
export const emailChangeLinkFor = (appUrl: string, token: string) =>
  `${new URL(paths.dashboard.settingsProfile, appUrl).toString()}#confirm-email=${token}`;

/** Columns an export never carries: sealed credentials, tokens, secrets, password and token hashes. */
const SECRET_COLUMN = /sealed|secret|token|password|hash|credential/i;

/** Tables under a brand that are derived (roll-ups, the live feed, work queues): not the user's data as such. */
const DERIVED_TABLE =
  /^(analytics_|revenue_.*_daily$|revenue_daily$|live_events$|instagram_inbox|shopify_oauth)/;

/** Every table with a `brand_id` column, found from the schema so a new table is exported without a change here. */
function brandTables(): { name: string; table: PgTable }[] {
  const found: { name: string; table: PgTable }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const columns = getTableColumns(value);
    const name = (value as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? '';
    if (!('brandId' in columns) || DERIVED_TABLE.test(name) || name === 'notifications') continue;
    found.push({ name, table: value });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)));
}

export interface ProfileServiceDeps {
  db: Database;
  jobs: JobQueue;
  /** Where the emailed link points; never taken from the request's Host header. */
  appUrl: string;
}

export function createProfileService({ db, jobs, appUrl }: ProfileServiceDeps) {
  async function requireUserRow(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    return user;
  }

  async function checkCurrentPassword(passwordHash: string | null, password: string | undefined) {
    if (passwordHash === null) throw new AppError('BAD_REQUEST', noPasswordMessage);
    if (password === undefined || !(await verifyPassword(passwordHash, password)))
      throw new AppError('BAD_REQUEST', wrongCurrentPasswordMessage, [
        { path: 'currentPassword', message: wrongCurrentPasswordMessage },
      ]);
  }

  return {
    async get(userId: string, now = new Date()): Promise<Profile> {
      const user = await requireUserRow(userId);
      const [pending] = await db
        .select({ newEmail: emailChangeTokens.newEmail })
        .from(emailChangeTokens)
        .where(
          and(
            eq(emailChangeTokens.userId, userId),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .orderBy(desc(emailChangeTokens.createdAt))
        .limit(1);
      return {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        hasPassword: user.passwordHash !== null,
        pendingEmail: pending?.newEmail ?? null,
      };
    },

    async updateName(userId: string, input: { firstName: string | null; lastName: string | null }) {
      await db
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return this.get(userId);
    },

    /**
     * Stores a one-day single-use token for the new address and queues the link to it, in one transaction. The
     * account's email stays as it is until the link is opened; a newer request makes the older links unusable.
     */
    async requestEmailChange(
      userId: string,
      input: { email: string; currentPassword?: string | undefined },
      now = new Date(),
    ): Promise<void> {
      const user = await requireUserRow(userId);
      const email = normalizeEmail(input.email);
      if (email === user.email) throw new AppError('BAD_REQUEST', emailUnchangedMessage);
      if (user.passwordHash !== null) await checkCurrentPassword(user.passwordHash, input.currentPassword);
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw new AppError('CONFLICT', emailTakenMessage);
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx
          .update(emailChangeTokens)
          .set({ usedAt: now })
          .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
        await tx.insert(emailChangeTokens).values({
          tokenHash: hashToken(token),
          userId,
          newEmail: email,
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        });
        await jobs.send(
          sendEmailJob,
          {
            to: email,
            subject: 'Confirm your new Voicecart email address',
            text: letterText(
              greetingFor(user.firstName),
              [
                'Someone (we hope you) asked to use this address for their Voicecart account.',
                `Open this link within 24 hours to confirm it: ${emailChangeLinkFor(appUrl, token)}`,
              ],
              ['The link works once. If you did not ask for this, ignore this email: nothing changes.'],
            ),
          },
          { tx },
        );
      });
    },

    /** Claims the token with one conditional update (two uses at once change the email once), then sets it. */
    async confirmEmailChange(token: string, now = new Date()): Promise<{ userId: string; email: string }> {
      try {
        return await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(emailChangeTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailChangeTokens.tokenHash, hashToken(token)),
                isNull(emailChangeTokens.usedAt),
                gt(emailChangeTokens.expiresAt, now),
              ),
            )
            .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
          if (!claimed) throw new AppError('BAD_REQUEST', emailChangeInvalidLinkMessage);
          const [user] = await tx
            .update(users)
            .set({ email: claimed.newEmail, updatedAt: now })
            .where(eq(users.id, claimed.userId))
            .returning({ id: users.id, email: users.email });
          if (!user) throw new AppError('BAD_REQUEST', emailChangeInvalidLinkMessage);
          return { userId: user.id, email: user.email };
        });
      } catch (error) {
        // Someone took the address between the request and the link: the unique email refuses it.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', emailTakenMessage);
        throw error;
      }
    },

    /** Needs the current password; every other session of the account is deleted, this one stays. */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string },
      keepSessionHash: string | null,
      now = new Date(),
    ): Promise<void> {
      const user = await requireUserRow(userId);
      await checkCurrentPassword(user.passwordHash, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx
          .delete(sessions)
          .where(
            keepSessionHash
              ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))
              : eq(sessions.userId, userId),
          );
      });
    },

    async listSessions(
      userId: string,
      currentHash: string | null,
      now = new Date(),
    ): Promise<ProfileSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), asc(sessions.publicId));
      return rows.map((row) => ({
        id: row.publicId,
        device: describeDevice(row.userAgent),
        address: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.idHash === currentHash,
      }));
    },

    /** Another user's session id answers 404, like a missing one. */
    async signOutSession(userId: string, sessionId: string): Promise<void> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, sessionId)))
        .returning({ one: sql`1` });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Session not found');
    },

    /** Everything tied to the user, as one document (credentials and secrets left out). */
    async exportData(userId: string, now = new Date()): Promise<DataExport> {
      const user = await requireUserRow(userId);
      const memberships = await db
        .select({ workspaceId: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(workspaces.name));
      const sessionRows = await this.listSessions(userId, null, now);
      const notificationRows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt));
      const personal = await db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.personalFor, userId));
      const brandRows = personal[0]
        ? await db
            .select()
            .from(brands)
            .where(eq(brands.workspaceId, personal[0].id))
            .orderBy(asc(brands.name))
        : [];
      const tables = brandTables();
      const brandIds = brandRows.map((brand) => brand.id);
      const byTable = new Map<string, Record<string, unknown>[]>();
      if (brandIds.length > 0) {
        for (const { name, table } of tables) {
          const column = getTableColumns(table).brandId!;
          byTable.set(name, (await db.select().from(table).where(inArray(column, brandIds))) as never);
        }
      }
      return {
        exportedAt: now.toISOString(),
        profile: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          createdAt: user.createdAt.toISOString(),
        },
        memberships,
        sessions: sessionRows.map(({ current: _current, ...session }) => session),
        notifications: notificationRows.map((row) => withoutSecrets(row)),
        brands: brandRows.map((brand) => {
          const under: Record<string, Record<string, unknown>[]> = {};
          for (const { name } of tables) {
            const rows = (byTable.get(name) ?? []).filter((row) => row.brandId === brand.id);
            if (rows.length > 0) under[name] = rows.map(withoutSecrets);
          }
          return { ...withoutSecrets(brand), ...under };
        }),
      };
    },

    /**
     * Refused while the user is the last owner of a workspace that has other members (they would be left with
     * nobody to run it). Otherwise the user goes, and with them (foreign keys) their personal workspace and its
     * brands, their sessions and notifications; a shared workspace they were the only member of goes too.
     */
    async deleteAccount(userId: string, typedEmail: string): Promise<void> {
      const user = await requireUserRow(userId);
      if (normalizeEmail(typedEmail) !== user.email)
        throw new AppError('BAD_REQUEST', deleteAccountEmailMismatchMessage, [
          { path: 'email', message: deleteAccountEmailMismatchMessage },
        ]);
      await db.transaction(async (tx) => {
        // The workspaces the user alone owns while others are in them; checked in the deleting transaction.
        const blocking = (await tx.execute(sql`
          select w.name
          from workspace_members m
          join workspaces w on w.id = m.workspace_id
          where m.user_id = ${userId}::uuid and m.role = 'owner'
            and not exists (
              select 1 from workspace_members o
              where o.workspace_id = m.workspace_id and o.user_id <> m.user_id and o.role = 'owner')
            and exists (
              select 1 from workspace_members x where x.workspace_id = m.workspace_id and x.user_id <> m.user_id)
          order by w.name`)) as unknown as { rows: { name: string }[] };
        if (blocking.rows.length > 0)
          throw new AppError('CONFLICT', deleteAccountLastOwnerMessage(blocking.rows.map((row) => row.name)));
        // An instance without an administrator makes the next sign-up its administrator (modules/auth/service.ts):
        // the last one may not leave that door open.
        if (user.role === 'admin') {
          const [other] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.role, 'admin'), ne(users.id, userId)))
            .limit(1);
          if (!other) throw new AppError('CONFLICT', deleteAccountLastAdministratorMessage);
        }
        await tx.execute(sql`
          delete from workspaces w
          where w.personal_for is null
            and exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id = ${userId}::uuid)
            and not exists (
              select 1 from workspace_members o where o.workspace_id = w.id and o.user_id <> ${userId}::uuid)`);
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type ProfileService = ReturnType<typeof createProfileService>;
