import type { CliCommand } from './command.ts';
import { migrateCommand } from './commands/migrate.ts';
import { outboxCommand } from './commands/outbox.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';

/** Every admin command, in the order `--help` lists them. Later features add theirs here. */
export const commands: readonly CliCommand[] = [migrateCommand, outboxCommand, seedDemoCommand];
