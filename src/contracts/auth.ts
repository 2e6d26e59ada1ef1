import { z } from './zod.ts';

export const userRoleSchema = z.enum(['user', 'admin']);

/** Current user, as `GET /api/auth/user` answers it (plus id and role). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** false means pending admin approval. */
  verified: z.boolean(),
  role: userRoleSchema,
});

export type CurrentUser = z.infer<typeof currentUserSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;

/** Passwords of 8 to 128 characters. */
export const passwordLimits = { min: 8, max: 128 } as const;
export const nameMaxLength = 100;
/** Longest `returnTo` we keep; anything longer is ignored. */
export const returnToMaxLength = 2048;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

const returnToSchema = z.string().max(returnToMaxLength).optional();

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(passwordLimits.max),
  returnTo: returnToSchema,
});

export const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(nameMaxLength, `${label} must be at most ${nameMaxLength} characters`)
    // Control characters (NUL cannot even be stored in PostgreSQL text) have no place in a name.
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, `${label} must not contain control characters`);

export const signupInputSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`)
    .max(passwordLimits.max, `Password must be at most ${passwordLimits.max} characters`),
  returnTo: returnToSchema,
});

/** After signing in or up: where the browser goes next (a safe same-site path). */
export const authSuccessSchema = z.object({
  user: currentUserSchema,
  redirectTo: z.string(),
});

export const loginRedirectQuerySchema = z.object({
  returnTo: z.string().optional(),
});

export const oidcCallbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export type LoginInput = z.infer<typeof loginInputSchema>;
export type SignupInput = z.infer<typeof signupInputSchema>;
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/**
 * Why an OpenID Connect sign-in came back without signing in: GET /api/callback sends the browser to
 * `/login?signInError=<code>` and the sign-in page shows the message. Codes, not text, travel in
 * the address, so nobody can make our page say their words.
 */
export const signInErrorMessages = {
  expired: 'This sign-in link has expired. Please sign in again.',
  refused: 'The sign-in provider did not sign you in. Please try again.',
  failed: 'Sign-in with your provider did not complete. Please sign in again.',
  'no-email': 'The sign-in provider did not share an email address, so no account could be opened.',
  'email-taken': 'An account with this email already exists. Sign in with your password.',
} as const;

export type SignInErrorCode = keyof typeof signInErrorMessages;

export function getSignInErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(signInErrorMessages, code)
    ? signInErrorMessages[code as SignInErrorCode]
    : null;
}

/** "Forgot password?": the address to send the link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** The reset link's token (43 base64url characters) and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete. Open the link from the email again.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete. Open the link from the email again.'),
  password: z
    .string({ error: 'Password is required' })
    .min(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`)
    .max(passwordLimits.max, `Password must be at most ${passwordLimits.max} characters`),
});

export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** Both reset steps answer with a sentence to show. */
export const passwordResetAnswerSchema = z.object({ message: z.string() });

/** The same answer whether or not the address has an account, so the form does not tell who has one. */
export const passwordResetSentMessage =
  'If an account uses that email address, we have sent it a link to set a new password. The link works once, within an hour.';
export const passwordResetDoneMessage =
  'Your password is changed, and every other session of your account is signed out. Sign in with your new password.';
export const passwordResetInvalidLinkMessage =
  'This link has expired or has already been used. Ask for a new one from the sign-in page.';
export const passwordResetTooManyMessage =
  'Too many password reset requests. Please wait an hour and try again.';
