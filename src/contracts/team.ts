import { z } from './zod.ts';
import { emailSchema, nameSchema, passwordLimits } from './auth.ts';
import { listQuerySchema } from './dashboard.ts';
import { workspaceIdParamsSchema, workspaceRoleSchema } from './workspaces.ts';

/** An invitation link works for 7 days, once (decision 042). */
export const invitationLifetimeDays = 7;

export const memberParamsSchema = workspaceIdParamsSchema.extend({ userId: z.uuid() });
export const invitationParamsSchema = workspaceIdParamsSchema.extend({ invitationId: z.uuid() });

/** Change a member's role. */
export const memberRoleInputSchema = z.object({ role: workspaceRoleSchema });
export type MemberRoleInput = z.infer<typeof memberRoleInputSchema>;

/** Invite someone by email with a role; only an owner may invite another owner. */
export const createInvitationInputSchema = z.object({ email: emailSchema, role: workspaceRoleSchema });
export type CreateInvitationInput = z.infer<typeof createInvitationInputSchema>;

/** The answer to creating (and resending) an invitation. */
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** An open invitation in the Team screen's list (expired ones stay until resent or revoked). */
export const pendingInvitationSchema = invitationSchema.extend({
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.array(pendingInvitationSchema);

const invalidLinkMessage = 'This invitation link is incomplete. Open the link from the email again.';

/** The link's token (43 base64url characters), from the fragment of `/invite#token=…`. */
export const invitationTokenSchema = z.object({
  token: z.string({ error: invalidLinkMessage }).regex(/^[A-Za-z0-9_-]{43}$/, invalidLinkMessage),
});
export type InvitationToken = z.infer<typeof invitationTokenSchema>;

/** What the accept page shows before anyone signs in or up: the listed invitation's fields, and its workspace. */
export const invitationPreviewSchema = pendingInvitationSchema
  .pick({ email: true, role: true, expiresAt: true, invitedBy: true })
  .extend({
    workspaceName: z.string(),
    /** An account with the invited email exists: the page offers sign-in rather than sign-up. */
    accountExists: z.boolean(),
  });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Signed out: create the account with the invited email (verified on acceptance, docs/spec-deviations.md). */
export const invitationSignupInputSchema = invitationTokenSchema.extend({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  password: z
    .string({ error: 'Password is required' })
    .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`)
    .max(passwordLimits.max, `Password must be at most ${passwordLimits.max} characters`),
});
export type InvitationSignupInput = z.infer<typeof invitationSignupInputSchema>;

/** After accepting: the workspace, now the session's current one. */
export const invitationAcceptedSchema = z.object({
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  role: workspaceRoleSchema,
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** Why an invitation cannot be accepted, as the accept page shows it. */
export const invitationMessages = {
  unknown: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
  used: 'This invitation has already been used. Sign in to open the workspace.',
  revoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  accountExists: 'An account with this email already exists. Sign in to accept the invitation.',
} as const;

/** What the audit log records (decision 042). */
export const auditActions = [
  'member.role_changed',
  'member.removed',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'store.connected',
  'store.disconnected',
  'instagram.connected',
  'instagram.disconnected',
  'brand.deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  actorEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);

/** The audit log, newest first, keyset-paged like the other lists (`X-Next-Cursor`). */
export const auditQuerySchema = listQuerySchema;
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The audit log is kept this long, then pruned. */
export const auditRetentionDays = 365;
