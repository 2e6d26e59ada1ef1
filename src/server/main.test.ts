import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from '#tests/support/test-database.ts';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The real server process (`src/server/main.ts`) with its standard output on a pipe, as under a process manager:
 * every line must stay JSON, and the start-up lines and the first-administrator line must be there.
 * Embedded database only: the start-up lines for PostgreSQL are covered in logging.test.ts.
 */
describe.skipIf(testDatabaseUrl)('the server process, logging to a pipe', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voicecart-main-'));
  let server: ChildProcess;
  let output = '';
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LogLine);

  const waitForLine = (match: (line: LogLine) => boolean): Promise<LogLine> =>
    vi.waitFor(
      () => {
        const found = lines().find(match);
        if (found) return found;
        if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
        throw new Error(`no such log line:\n${output}`);
      },
      { timeout: 45_000, interval: 50 },
    );

  let baseUrl = '';
  beforeAll(async () => {
    server = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: '',
        OIDC_ISSUER_URL: '',
        OIDC_CLIENT_ID: '',
        OIDC_CLIENT_SECRET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const running = await waitForLine((line) => line.msg.startsWith('Voicecart is running at '));
    baseUrl = running.msg.slice('Voicecart is running at '.length);
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes JSON lines only, starting with where it is, its database and mail, and what to do next', async () => {
    await waitForLine((line) => line.msg.startsWith('Sample data:'));
    // The loopback address is printed as the README writes it.
    expect(baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
    const messages = lines().map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Voicecart is running at ${baseUrl}`,
        `Database: embedded PGlite in ${path.join(dataDir, 'pglite')} (set DATABASE_URL for PostgreSQL)`,
        'Mail: no SMTP_URL, so emails are kept in the outbox (read them with `npm run admin -- outbox`)',
        `Next: create the first account at ${baseUrl}/signup; it becomes the administrator`,
      ]),
    );
    expect(lines().every((line) => typeof line.level === 'number' && typeof line.time === 'number')).toBe(
      true,
    );
  });

  it('logs that the first sign-up is the administrator, and only the first', async () => {
    const signUp = (email: string) =>
      fetch(`${baseUrl}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email,
          password: 'correct horse battery',
        }),
      });
    const first = await signUp('owner@example.com');
    expect(first.status).toBe(201);
    const { user } = (await first.json()) as { user: { id: string; role: string; verified: boolean } };
    expect(user).toMatchObject({ role: 'admin', verified: true });
    const logged = await waitForLine((line) => line.msg.startsWith('No administrator yet'));
    expect(logged).toMatchObject({ level: 30, userId: user.id });
    expect(JSON.stringify(logged)).not.toContain('owner@example.com');

    const second = await signUp('staff@example.com');
    expect(((await second.json()) as { user: { role: string } }).user.role).toBe('user');
    // Wait for the second request's own log line, then count.
    await waitForLine(() => lines().filter((line) => line.msg === 'request completed').length >= 2);
    expect(lines().filter((line) => line.msg.startsWith('No administrator yet'))).toHaveLength(1);
    // Every line, start-up and requests alike, parsed as JSON above; nothing logged the password.
    expect(output).not.toContain('correct horse battery');
  });
});
