import type { ParseArgsConfig } from 'node:util';
import type { Config } from '#server/config.ts';
import type { CliContext } from './context.ts';

export type CliOptions = NonNullable<ParseArgsConfig['options']>;
export type CliValues = Record<string, string | boolean | undefined>;

/** One admin command. `run` throws UsageError for bad arguments; other errors exit 1 with their message. */
export interface CliCommand {
  name: string;
  summary: string;
  /** Shown after `npm run admin -- <name>`, e.g. `--email E [--verified]`; left out by a command without options. */
  usage?: string;
  options?: CliOptions;
  /** Positional arguments are a usage error unless the command takes them (then they arrive joined as `values._`). */
  acceptsPositionals?: boolean;
  run(context: CliContext, values: CliValues): Promise<void>;
  /**
   * Instead of `run`, for commands that must not open the database themselves (backup asks a running server for
   * it; restore writes a stopped one's files).
   */
  runStandalone?(config: Config, values: CliValues, out: (line: string) => void): Promise<void>;
  /** Checked before the database is opened, so usage errors are instant and touch nothing. */
  validate?(values: CliValues): void;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The one argument of commands that act on one user's account: `--email E`, required. */
export const emailArgument = {
  usage: '--email E',
  options: { email: { type: 'string' } },
  validate(values: CliValues) {
    requireString(values, 'email');
  },
} satisfies Pick<CliCommand, 'usage' | 'options' | 'validate'>;

export function requireString(values: CliValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}
