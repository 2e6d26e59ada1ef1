import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'voicecart-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, exited, output: () => output };
}

const waitForOutput = (read: () => string, pattern: RegExp) =>
  vi.waitFor(() => expect(read()).toMatch(pattern), { timeout: 90_000, interval: 100 });

describe('the embedded data directory lock', () => {
  it('refuses a second holder in the same process with the lock file named', () => {
    const dir = path.join(root, 'in-process');
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/voicecart\.lock/);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = path.join(root, 'stale');
    acquireDataDirLock(dir).release();
    // A pid that cannot be alive (beyond the kernel's pid_max).
    writeFileSync(path.join(dir, 'voicecart.lock'), '99999999');
    const lock = acquireDataDirLock(dir);
    expect(existsSync(lock.file)).toBe(true);
    lock.release();
  });

  it('stops a second server and the admin CLI while a server runs, and the data survives', async () => {
    const dataDir = path.join(root, 'servers');
    const port = await freePort();
    const first = run(['src/server/main.ts'], { DATA_DIR: dataDir, PORT: String(port) });
    await waitForOutput(first.output, /Voicecart is running/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const second = run(['src/server/main.ts'], { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Voicecart process');
    expect(second.output()).toContain(path.join(dataDir, 'voicecart.lock'));
    expect(second.output()).toMatch(/Stop that process first/);

    const cli = run(['src/cli/main.ts', 'outbox'], { DATA_DIR: dataDir });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('is in use by another Voicecart process');

    // The first server is unharmed and shuts down cleanly, releasing the lock.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'voicecart.lock'))).toBe(false);

    // The data directory opens again: the CLI migrates and reads it.
    const after = run(['src/cli/main.ts', 'migrate'], { DATA_DIR: dataDir });
    expect(await after.exited).toBe(0);
    expect(after.output()).toContain('Database (pglite) is up to date.');
  }, 240_000);
});
