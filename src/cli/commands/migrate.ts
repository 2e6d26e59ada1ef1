import type { CliCommand } from '../command.ts';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply database migrations (the server also does this on start)',
  // Opening the context already migrates under the advisory lock.
  async run({ database, out }) {
    out(`Database (${database.kind}) is up to date.`);
  },
};
