import { createAccountsService } from '#server/modules/auth/service.ts';
import type { CliCommand } from '../command.ts';

export const listPendingCommand: CliCommand = {
  name: 'list-pending',
  summary: 'List accounts awaiting review, oldest first',
  async run({ database, jobs, config, out }) {
    const accounts = createAccountsService({ db: database.db, jobs, publicUrl: config.PUBLIC_URL });
    const pending = await accounts.listPendingUsers();
    if (pending.length === 0) {
      out('No accounts are awaiting review.');
      return;
    }
    for (const user of pending) {
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || '(no name)';
      out(`${user.createdAt}  ${user.email}  ${name}  ${user.id}`);
    }
  },
};
