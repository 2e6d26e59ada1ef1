import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { UsageError, type CliCommand } from './command.ts';
import { withCliContext, type CliIo } from './context.ts';
import { commands as defaultCommands } from './registry.ts';

const PROGRAM = 'npm run admin --';

function helpText(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `Run \`${PROGRAM} <command> --help\` for a command's options.`,
  ].join('\n');
}

const commandUsage = (command: CliCommand) =>
  `Usage: ${PROGRAM} ${command.name} ${command.usage ?? ''}`.trimEnd();

/** Runs one admin command and returns the exit code. In-process, so tests call it directly. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  options: {
    env?: Record<string, string | undefined>;
    database?: DatabaseHandle;
    commands?: readonly CliCommand[];
  } = {},
): Promise<number> {
  const commands = options.commands ?? defaultCommands;
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.out : io.err)(helpText(commands));
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${helpText(commands)}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${commandUsage(command)}\n\n${command.summary}`);
    return 0;
  }

  let values;
  try {
    const parsed = parseArgs({
      args: [...rest],
      options: command.options ?? {},
      strict: true,
      allowPositionals: command.acceptsPositionals ?? false,
    });
    values = parsed.values as Record<string, string | boolean | undefined>;
    if (parsed.positionals.length > 0) values._ = parsed.positionals.join(' ');
    command.validate?.(values);
  } catch (error) {
    io.err(`${(error as Error).message}\n${commandUsage(command)}`);
    return 2;
  }

  try {
    const config = loadConfig(options.env ?? process.env);
    if (command.runStandalone) {
      await command.runStandalone(config, values, io.out);
      return 0;
    }
    await withCliContext(config, io, (context) => command.run(context, values), {
      ...(options.database ? { database: options.database } : {}),
    });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${commandUsage(command)}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      io.err(error.message);
      return 1;
    }
    io.err(`${command.name} failed: ${(error as Error).message}`);
    return 1;
  }
}
