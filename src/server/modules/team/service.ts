import { notify } from '#server/notifications/notify.ts';
import { and, asc, count, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  invitationLifetimeDays,
  invitationMessages,
  type CreateInvitationInput,
  type Invitation,
  type InvitationAccepted,
  type InvitationPreview,
  type InvitationSignupInput,
  type PendingInvitation,
} from '#contracts/team.ts';
import type { WorkspaceMemberItem, WorkspaceRole } from '#contracts/workspaces.ts';
import { paths } from '#contracts/paths.ts';
import { recordAudit, type AuditRecord } from '#server/access/audit.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import { may } from '#server/access/policy.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createSession, setSessionWorkspace } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import {
  sessions,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type WorkspaceInvitation,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { letterText } from '#server/mail/letter.ts';
import { hashToken, newToken } from '#server/security/tokens.ts';
import { normalizeEmail } from '#server/auth/email.ts';

export const INVITATION_TTL_MS = invitationLifetimeDays * 24 * 60 * 60 * 1000;

/** The link in the email: the token travels in the fragment, so it reaches no server log or Referer header. */
export const invitationLinkFor = (appUrl: string, token: string) =>
  `${new URL('/invite', appUrl).toString()}#token=${token}`;

export interface TeamServiceDeps {
  db: Database;
  jobs: JobQueue;
  /** Where emailed links point (PUBLIC_URL, else localhost): never the address a request claims. */
  appUrl: string;
  now?: () => Date;
}

/** Who acts and from where, for the audit log. */
export interface Actor {
  userId: string;
  ip: string;
}

const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const ownersOnly = 'Only an owner can make someone an owner, or change or remove an owner.';
const lastOwner =
  'A workspace needs at least one owner: make someone else an owner first, then change or remove this one.';

/** Only an owner may make, invite, change or remove an owner (`team.manageOwners`). */
function requireOwnerFor(actorRole: WorkspaceRole, ...roles: WorkspaceRole[]) {
  if (roles.includes('owner') && !may(actorRole, 'team.manageOwners')) throw forbidden(ownersOnly);
}

/** The audit entry of a change `actor` made to the workspace's team, in the change's transaction. */
const auditTeamChange = (
  tx: Database,
  actor: Actor,
  workspaceId: string,
  change: Pick<AuditRecord, 'action' | 'target' | 'detail'>,
) => recordAudit(tx, { workspaceId, actorUserId: actor.userId, ...change, ip: actor.ip });

const memberNotFound = () => new AppError('NOT_FOUND', 'Member not found');
const invitationNotFound = () => new AppError('NOT_FOUND', 'Invitation not found');

/** The row of `userId` among the workspace's members. */
const memberRow = (workspaceId: string, userId: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));

/** The workspace's open invitations: neither accepted nor revoked (expired ones too, to resend or revoke). */
const openInvitationsOf = (workspaceId: string) =>
  and(
    eq(workspaceInvitations.workspaceId, workspaceId),
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
  );

const toInvitation = (row: WorkspaceInvitation): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * The Team screen's writes (decision 042): members' roles and removal, invitations. The policy decides who may
 * manage the team (`team.manage`) and who may touch owners (`team.manageOwners`); this service adds the one rule
 * a table cannot hold: a workspace always keeps an owner.
 */
export function createTeamService({ db, jobs, appUrl, now = () => new Date() }: TeamServiceDeps) {
  /** Locks the workspace's owner rows for the rest of the transaction and counts them. */
  async function lockedOwnerCount(tx: Database, workspaceId: string): Promise<number> {
    const owners = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
      .for('update');
    return owners.length;
  }

  /** Refuses to change or remove the last owner: an owner's row may change only while another owner remains. */
  async function keepAnOwner(tx: Database, workspaceId: string, role: WorkspaceRole): Promise<void> {
    if (role === 'owner' && (await lockedOwnerCount(tx, workspaceId)) <= 1)
      throw new AppError('CONFLICT', lastOwner);
  }

  async function findMember(tx: Database, workspaceId: string, userId: string) {
    const [row] = await tx
      .select({ role: workspaceMembers.role, email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(memberRow(workspaceId, userId))
      .limit(1);
    return row;
  }

  async function workspaceName(tx: Database, workspaceId: string): Promise<string> {
    const [row] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row?.name ?? 'a workspace';
  }

  async function queueInvitationEmail(
    tx: Database,
    invitation: { email: string; role: WorkspaceRole; workspaceId: string },
    token: string,
    inviterUserId: string,
  ) {
    const [inviter] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, inviterUserId));
    const inviterName =
      [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') || inviter?.email || 'Someone';
    const name = await workspaceName(tx, invitation.workspaceId);
    await jobs.send(
      sendEmailJob,
      {
        to: invitation.email,
        subject: `${inviterName} invited you to ${name} on Voicecart`,
        text: letterText(
          'Hello,',
          [
            `${inviterName} invited you to join the workspace ${name} on Voicecart as ${invitation.role}.`,
            `Open this link within ${invitationLifetimeDays} days to accept: ${invitationLinkFor(appUrl, token)}`,
          ],
          [
            'The link works once, and only for this email address. If you did not expect it, ignore this email.',
          ],
        ),
      },
      { tx },
    );
  }

  /** The invitation a token names, whatever its state (the caller says why it cannot be used). */
  async function findByToken(tx: Database, token: string, lock = false) {
    const query = tx
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  function usable(invitation: WorkspaceInvitation | undefined, at: Date): WorkspaceInvitation {
    if (!invitation) throw new AppError('BAD_REQUEST', invitationMessages.unknown);
    if (invitation.revokedAt) throw new AppError('BAD_REQUEST', invitationMessages.revoked);
    if (invitation.acceptedAt) throw new AppError('BAD_REQUEST', invitationMessages.used);
    if (invitation.expiresAt.getTime() <= at.getTime())
      throw new AppError('BAD_REQUEST', invitationMessages.expired);
    return invitation;
  }

  /**
   * Inside the caller's transaction: the invitation (locked) is marked accepted and the user becomes a member
   * with its role. An account still waiting for review is verified: the inviting workspace vouches for it
   * (docs/spec-deviations.md).
   */
  async function claim(
    tx: Database,
    invitation: WorkspaceInvitation,
    user: { id: string; email: string },
    ip: string,
    at: Date,
  ): Promise<void> {
    if (normalizeEmail(user.email) !== invitation.email) {
      throw forbidden(
        `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. ` +
          `Sign out, then open the link again and sign in or sign up as ${invitation.email}.`,
      );
    }
    const [already] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, invitation.workspaceId), eq(workspaceMembers.userId, user.id)),
      );
    if (already) {
      throw new AppError(
        'CONFLICT',
        `You are already a member of ${await workspaceName(tx, invitation.workspaceId)} (${already.role}).`,
      );
    }
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: at, acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, invitation.id));
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: invitation.workspaceId, userId: user.id, role: invitation.role, createdAt: at });
    await tx
      .update(users)
      .set({ verified: true, approvedAt: at, updatedAt: at })
      .where(and(eq(users.id, user.id), eq(users.verified, false)));
    await recordAudit(tx, {
      workspaceId: invitation.workspaceId,
      actorUserId: user.id,
      action: 'invitation.accepted',
      target: invitation.email,
      detail: { invitationId: invitation.id, role: invitation.role },
      ip,
    });
  }

  async function afterAccepted(invitation: WorkspaceInvitation): Promise<InvitationAccepted> {
    // The bell of the workspace's managers (decision 045), once per invitation.
    await notify(db, {
      workspaceId: invitation.workspaceId,
      kind: 'invitation_accepted',
      title: `${invitation.email} accepted the invitation and joined as ${invitation.role}.`,
      link: paths.dashboard.settingsTeam,
      audience: 'managers',
      sourceKey: `invitation-accepted:${invitation.id}`,
    });
    return {
      workspaceId: invitation.workspaceId,
      workspaceName: await workspaceName(db, invitation.workspaceId),
      role: invitation.role,
    };
  }

  return {
    /** Change a member's role: managers only; owners alone touch owners; the last owner stays an owner. */
    async changeRole(actor: Actor, workspaceId: string, userId: string, role: WorkspaceRole) {
      const actorRole = await authorizeWorkspace(db, actor.userId, 'team.manage', workspaceId);
      return db.transaction(async (tx) => {
        const member = await findMember(tx, workspaceId, userId);
        if (!member) throw memberNotFound();
        requireOwnerFor(actorRole, member.role, role);
        if (member.role === role) return { userId, email: member.email, role };
        await keepAnOwner(tx, workspaceId, member.role);
        await tx.update(workspaceMembers).set({ role }).where(memberRow(workspaceId, userId));
        await auditTeamChange(tx, actor, workspaceId, {
          action: 'member.role_changed',
          target: member.email,
          detail: { userId, from: member.role, to: role },
        });
        return { userId, email: member.email, role } satisfies WorkspaceMemberItem;
      });
    },

    /** Remove a member (the same rules); their sessions that worked in this workspace fall back to their own. */
    async removeMember(actor: Actor, workspaceId: string, userId: string): Promise<void> {
      const actorRole = await authorizeWorkspace(db, actor.userId, 'team.manage', workspaceId);
      await db.transaction(async (tx) => {
        const member = await findMember(tx, workspaceId, userId);
        if (!member) throw memberNotFound();
        requireOwnerFor(actorRole, member.role);
        await keepAnOwner(tx, workspaceId, member.role);
        await tx.delete(workspaceMembers).where(memberRow(workspaceId, userId));
        await tx
          .update(sessions)
          .set({ workspaceId: null })
          .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId)));
        await auditTeamChange(tx, actor, workspaceId, {
          action: 'member.removed',
          target: member.email,
          detail: { userId, role: member.role },
        });
      });
    },

    /** Open invitations (expired ones too, to resend or revoke), newest first. */
    async listInvitations(userId: string, workspaceId: string): Promise<PendingInvitation[]> {
      await authorizeWorkspace(db, userId, 'team.manage', workspaceId);
      const at = now();
      const rows = await db
        .select({ invitation: workspaceInvitations, invitedBy: users.email })
        .from(workspaceInvitations)
        .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
        .where(openInvitationsOf(workspaceId))
        .orderBy(sql`${workspaceInvitations.createdAt} desc`, asc(workspaceInvitations.email));
      return rows.map(({ invitation, invitedBy }) => ({
        ...toInvitation(invitation),
        createdAt: invitation.createdAt.toISOString(),
        invitedBy,
        expired: invitation.expiresAt.getTime() <= at.getTime(),
      }));
    },

    /**
     * Invite an address with a role: a 7-day single-use link by email (the outbox without SMTP). An expired open
     * invitation for the same address is replaced; an unexpired one is a conflict (resend it instead).
     */
    async invite(actor: Actor, workspaceId: string, input: CreateInvitationInput): Promise<Invitation> {
      const actorRole = await authorizeWorkspace(db, actor.userId, 'team.manage', workspaceId);
      requireOwnerFor(actorRole, input.role);
      const email = normalizeEmail(input.email);
      const at = now();
      const token = newToken();
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ userId: workspaceMembers.userId })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)))
          .limit(1);
        if (member) {
          throw new AppError('CONFLICT', `${email} is already a member of this workspace.`, [
            { path: 'email', message: 'already a member of this workspace' },
          ]);
        }
        await tx
          .update(workspaceInvitations)
          .set({ revokedAt: at })
          .where(
            and(
              openInvitationsOf(workspaceId),
              eq(workspaceInvitations.email, email),
              lte(workspaceInvitations.expiresAt, at),
            ),
          );
        const [row] = await tx
          .insert(workspaceInvitations)
          .values({
            workspaceId,
            email,
            role: input.role,
            tokenHash: hashToken(token),
            invitedBy: actor.userId,
            createdAt: at,
            expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          throw new AppError(
            'CONFLICT',
            `${email} already has an open invitation. Resend it or revoke it instead.`,
            [{ path: 'email', message: 'already invited' }],
          );
        }
        await queueInvitationEmail(tx, row, token, actor.userId);
        await auditTeamChange(tx, actor, workspaceId, {
          action: 'invitation.created',
          target: email,
          detail: { invitationId: row.id, role: row.role },
        });
        return toInvitation(row);
      });
    },

    /** A new link for an open invitation, valid 7 days from now; the old link stops working. */
    async resend(actor: Actor, workspaceId: string, invitationId: string): Promise<Invitation> {
      const actorRole = await authorizeWorkspace(db, actor.userId, 'team.manage', workspaceId);
      const token = newToken();
      const at = now();
      return db.transaction(async (tx) => {
        const open = await openInvitation(tx, workspaceId, invitationId);
        requireOwnerFor(actorRole, open.role);
        const [row] = await tx
          .update(workspaceInvitations)
          .set({ tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + INVITATION_TTL_MS) })
          .where(eq(workspaceInvitations.id, invitationId))
          .returning();
        await queueInvitationEmail(tx, row!, token, actor.userId);
        await auditTeamChange(tx, actor, workspaceId, {
          action: 'invitation.resent',
          target: row!.email,
          detail: { invitationId, role: row!.role },
        });
        return toInvitation(row!);
      });
    },

    /** Withdraw an open invitation: its link answers "withdrawn" from now on. */
    async revoke(actor: Actor, workspaceId: string, invitationId: string): Promise<void> {
      const actorRole = await authorizeWorkspace(db, actor.userId, 'team.manage', workspaceId);
      await db.transaction(async (tx) => {
        const open = await openInvitation(tx, workspaceId, invitationId);
        requireOwnerFor(actorRole, open.role);
        await tx
          .update(workspaceInvitations)
          .set({ revokedAt: now() })
          .where(eq(workspaceInvitations.id, invitationId));
        await auditTeamChange(tx, actor, workspaceId, {
          action: 'invitation.revoked',
          target: open.email,
          detail: { invitationId, role: open.role },
        });
      });
    },

    /** What the accept page shows; the same refusals as accepting (unknown, withdrawn, used, expired). */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = usable(await findByToken(db, token), now());
      const [inviter] = invitation.invitedBy
        ? await db.select({ email: users.email }).from(users).where(eq(users.id, invitation.invitedBy))
        : [];
      const [account] = await db.select({ n: count() }).from(users).where(eq(users.email, invitation.email));
      return {
        workspaceName: await workspaceName(db, invitation.workspaceId),
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        invitedBy: inviter?.email ?? null,
        accountExists: (account?.n ?? 0) > 0,
      };
    },

    /**
     * Signed in: accept as the session's account (its email must be the invited one). The workspace becomes the
     * session's current one.
     */
    async accept(
      user: { id: string; email: string },
      token: string,
      session: { token: string; ip: string },
    ): Promise<InvitationAccepted> {
      const at = now();
      const invitation = await db.transaction(async (tx) => {
        const found = usable(await findByToken(tx, token, true), at);
        await claim(tx, found, user, session.ip, at);
        return found;
      });
      await setSessionWorkspace(db, session.token, invitation.workspaceId);
      return afterAccepted(invitation);
    },

    /**
     * Signed out: create the account with the invited email, verified (the workspace vouches for it), accept,
     * and start a session in the workspace. An address that already has an account signs in instead.
     */
    async signUpAndAccept(
      input: InvitationSignupInput,
      ip: string,
    ): Promise<InvitationAccepted & { sessionToken: string; userId: string }> {
      const at = now();
      usable(await findByToken(db, input.token), at);
      // Hashed before the transaction: argon2id takes a while and should not hold the invitation's row lock.
      const passwordHash = await hashPassword(input.password);
      const { invitation, userId } = await db.transaction(async (tx) => {
        const found = usable(await findByToken(tx, input.token, true), at);
        const [created] = await tx
          .insert(users)
          .values({
            email: found.email,
            passwordHash,
            firstName: input.firstName.trim() || null,
            lastName: input.lastName.trim() || null,
            verified: true,
            approvedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: users.id, email: users.email });
        if (!created) throw new AppError('CONFLICT', invitationMessages.accountExists);
        await claim(tx, found, created, ip, at);
        return { invitation: found, userId: created.id };
      });
      const sessionToken = await createSession(db, userId, at);
      await setSessionWorkspace(db, sessionToken, invitation.workspaceId);
      return { ...(await afterAccepted(invitation)), sessionToken, userId };
    },
  };

  /** An invitation of this workspace that is neither accepted nor revoked (locked), else 404. */
  async function openInvitation(tx: Database, workspaceId: string, invitationId: string) {
    const [row] = await tx
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.id, invitationId), openInvitationsOf(workspaceId)))
      .for('update');
    if (!row) throw invitationNotFound();
    return row;
  }
}

export type TeamService = ReturnType<typeof createTeamService>;
