import { runCli } from '#cli/run.ts';
import type { TestDatabase } from './test-database.ts';

/**
 * Runs the admin command line (`npm run admin -- <argv>`) on a test database and returns its exit code and what it
 * wrote, each stream as one text. `env` adds to the quiet defaults (and the database's address on PostgreSQL).
 */
export async function runAdminCli(
  database: TestDatabase,
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    {
      env: { LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}), ...env },
      database,
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
