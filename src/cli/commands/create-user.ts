import { passwordLimits, signupInputSchema } from '#contracts/auth.ts';
import { AppError } from '#server/errors.ts';
import { normalizeEmail } from '#server/auth/email.ts';
import { createAccountsService } from '#server/modules/auth/service.ts';
import { requireString, UsageError, type CliCommand } from '../command.ts';

const emailSchema = signupInputSchema.shape.email;

export const createUserCommand: CliCommand = {
  name: 'create-user',
  summary:
    'Create an account with a password (optionally already approved, optionally an admin); the first account of an instance without an admin is the admin',
  usage: '--email E --password P [--first-name F] [--last-name L] [--verified] [--admin]',
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    verified: { type: 'boolean' },
    admin: { type: 'boolean' },
  },
  validate(values) {
    const email = requireString(values, 'email');
    if (!emailSchema.safeParse(email).success)
      throw new UsageError(`--email "${email}" is not a valid email address`);
    const password = values.password;
    if (typeof password !== 'string' || password === '') throw new UsageError('--password is required');
    if (password.length < passwordLimits.min || password.length > passwordLimits.max) {
      throw new UsageError(`--password must be ${passwordLimits.min} to ${passwordLimits.max} characters`);
    }
    for (const name of ['first-name', 'last-name']) {
      const value = values[name];
      if (value !== undefined && (typeof value !== 'string' || value.trim() === '' || value.length > 100)) {
        throw new UsageError(`--${name} must be 1 to 100 characters`);
      }
    }
  },
  async run({ database, jobs, config, out }, values) {
    const accounts = createAccountsService({ db: database.db, jobs, publicUrl: config.PUBLIC_URL });
    const email = normalizeEmail(requireString(values, 'email'));
    const { user, isFirstAdministrator } = await accounts
      .createAccount({
        email,
        password: String(values.password),
        firstName: typeof values['first-name'] === 'string' ? values['first-name'] : null,
        lastName: typeof values['last-name'] === 'string' ? values['last-name'] : null,
        verified: values.verified === true,
        admin: values.admin === true,
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'CONFLICT')
          throw new Error(`a user with email ${email} already exists`);
        throw error;
      });
    const kind = user.role === 'admin' ? 'admin' : 'user';
    out(`Created ${kind} ${user.email} (${user.verified ? 'approved' : 'awaiting review'}), id ${user.id}.`);
    if (isFirstAdministrator) {
      out('This is the first account on this instance, so it is verified and is the administrator.');
    }
  },
};
