import path from 'node:path';
import { backupDataDir, restoreDataDir } from '#server/db/backup.ts';
import { requireString, UsageError, type CliCommand } from '../command.ts';

const notOnPostgres = 'DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore.';

/**
 * Backup and restore work on the embedded database's files and never open the database themselves (backup asks
 * a running server for it; restore writes a stopped one's files), so both run standalone and refuse PostgreSQL.
 */
function embeddedFilesCommand(
  command: Omit<CliCommand, 'run' | 'runStandalone'>,
  work: NonNullable<CliCommand['runStandalone']>,
): CliCommand {
  return {
    ...command,
    async run() {
      throw new Error(`${command.name} runs standalone`);
    },
    async runStandalone(config, values, out) {
      if (config.DATABASE_URL) throw new UsageError(notOnPostgres);
      await work(config, values, out);
    },
  };
}

export const backupCommand = embeddedFilesCommand(
  {
    name: 'backup',
    summary: 'Write a consistent backup of the embedded database (asks the running server, if any)',
    usage: '--to FILE',
    options: { to: { type: 'string' } },
    validate(values) {
      requireString(values, 'to');
    },
  },
  async (config, values, out) => {
    const to = path.resolve(requireString(values, 'to'));
    const source = await backupDataDir(config.DATA_DIR, to);
    out(
      `Backup written to ${to} (${source === 'server' ? 'from the running server' : `from ${config.DATA_DIR}`}).`,
    );
  },
);

export const restoreCommand = embeddedFilesCommand(
  {
    name: 'restore',
    summary:
      'Bring back a backup into DATA_DIR on a stopped instance (--force replaces a database, moved aside)',
    usage: '--from FILE [--force]',
    options: { from: { type: 'string' }, force: { type: 'boolean' } },
    validate(values) {
      requireString(values, 'from');
    },
  },
  async (config, values, out) => {
    const from = path.resolve(requireString(values, 'from'));
    const movedAside = await restoreDataDir(config.DATA_DIR, from, values.force === true);
    if (movedAside) out(`The previous database was moved to ${movedAside}.`);
    out(`Restored ${from} into ${config.DATA_DIR}. Start the server.`);
  },
);
