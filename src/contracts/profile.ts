import { z } from './zod.ts';
import { nameMaxLength, passwordLimits } from './auth.ts';
import { workspaceRoleSchema } from './workspaces.ts';

/** The Profile screen (`/dashboard/settings/profile`): the signed-in user's own account, nobody else's. */

const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`)
  .max(passwordLimits.max, `Password must be at most ${passwordLimits.max} characters`);

const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(passwordLimits.max);

const nameSchema = z
  .string()
  .trim()
  .max(nameMaxLength, `Must be at most ${nameMaxLength} characters`)
  .transform((value) => (value === '' ? null : value));

/** GET /api/profile */
export const profileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** False for accounts that only sign in through OpenID Connect: no password to change. */
  hasPassword: z.boolean(),
  /** An email change waiting for its link to be opened. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/profile */
export const profileNameInputSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
});
export type ProfileNameInput = z.input<typeof profileNameInputSchema>;

/** POST /api/profile/email: a link goes to the new address; the email changes when it is opened. */
export const emailChangeInputSchema = z.object({
  email: emailSchema,
  /** Required when the account has a password: a borrowed session cannot take the account over. */
  currentPassword: currentPasswordSchema.optional(),
});
export type EmailChangeInput = z.input<typeof emailChangeInputSchema>;

/** POST /api/profile/email/confirm: the token from the link (43 base64url characters). */
export const emailChangeConfirmSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete. Open the link from the email again.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete. Open the link from the email again.'),
});

export const profileMessageSchema = z.object({ message: z.string() });

export const emailChangeSentMessage =
  'We sent a confirmation link to the new address. Your email changes when you open it (within 24 hours).';
export const emailChangeDoneMessage = 'Your email address is changed.';
export const emailChangeInvalidLinkMessage =
  'This confirmation link is invalid, already used or expired. Ask for a new one on your Profile screen.';
export const emailTakenMessage = 'Another account already uses this email address.';
export const emailUnchangedMessage = 'This is already your email address.';
export const wrongCurrentPasswordMessage = 'Your current password is not correct.';
export const noPasswordMessage =
  'This account signs in through your organisation’s sign-in provider, so it has no password here.';

/** POST /api/profile/password: every other session is signed out. */
export const passwordChangeInputSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeInputSchema>;
export const passwordChangedMessage = 'Your password is changed, and your other sessions are signed out.';

/** GET /api/profile/sessions */
export const profileSessionSchema = z.object({
  id: z.uuid(),
  /** "Firefox on Windows", from the User-Agent at sign-in; "Unknown device" without one. */
  device: z.string(),
  /** The client address at sign-in. */
  address: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof profileSessionSchema>;
export const profileSessionListSchema = z.array(profileSessionSchema);
export const profileSessionParamsSchema = z.object({ sessionId: z.uuid() });

/** DELETE /api/profile: the typed email confirms. */
export const deleteAccountInputSchema = z.object({
  email: z.string().trim().min(1, 'Type your email address to confirm').max(254),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;
export const deleteAccountEmailMismatchMessage =
  'The email typed does not match your account’s email address.';
export const deleteAccountLastAdministratorMessage =
  'You are the only administrator of this Voicecart instance. Make another account an administrator before deleting yours.';
/** The workspaces named in the refusal follow this sentence. */
export const deleteAccountLastOwnerMessage = (names: string[]) =>
  `You are the last owner of ${names.map((name) => `“${name}”`).join(', ')}, which has other members. ` +
  'Make another member an owner, or remove the other members, before deleting your account.';

/** GET /api/profile/export: everything tied to the user, as one JSON document. */
export const dataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  profile: z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
  memberships: z.array(z.object({ workspaceId: z.uuid(), name: z.string(), role: workspaceRoleSchema })),
  sessions: z.array(profileSessionSchema.omit({ current: true })),
  notifications: z.array(z.record(z.string(), z.unknown())),
  /** The brands of the personal workspace, each with what is under it (credentials left out). */
  brands: z.array(z.record(z.string(), z.unknown())),
});
export type DataExport = z.infer<typeof dataExportSchema>;
