import { normalizeEmail } from '#server/auth/email.ts';
import { createAccountsService } from '#server/modules/auth/service.ts';
import { emailArgument, requireString, type CliCommand } from '../command.ts';

export const approveCommand: CliCommand = {
  name: 'approve',
  summary: 'Approve an account awaiting review and email the person',
  ...emailArgument,
  async run({ database, jobs, config, out }, values) {
    const accounts = createAccountsService({ db: database.db, jobs, publicUrl: config.PUBLIC_URL });
    const user = await accounts.approveUser({ email: normalizeEmail(requireString(values, 'email')) });
    out(`Approved ${user.email}; the approval email is queued.`);
  },
};
