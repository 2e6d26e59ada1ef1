import type { CliCommand } from './command.ts';
import { migrateCommand } from './commands/migrate.ts';
import { outboxCommand } from './commands/outbox.ts';
import { demosCommand } from './commands/demos.ts';
import { createUserCommand } from './commands/create-user.ts';
import { approveCommand } from './commands/approve.ts';
import { listPendingCommand } from './commands/list-pending.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';
import { simulateCommand } from './commands/simulate.ts';
import { rebuildAnalyticsCommand } from './commands/rebuild-analytics.ts';
import { backupCommand, restoreCommand } from './commands/backup.ts';

/** Every admin command, in the order `--help` lists them. Later features add theirs here. */
export const commands: readonly CliCommand[] = [
  migrateCommand,
  createUserCommand,
  approveCommand,
  listPendingCommand,
  demosCommand,
  seedDemoCommand,
  simulateCommand,
  outboxCommand,
  rebuildAnalyticsCommand,
  backupCommand,
  restoreCommand,
];
