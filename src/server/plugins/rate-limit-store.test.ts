import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#tests/support/test-database.ts';

const cartUrl = (base = '') =>
  `${base}/api/sample-cart?items=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}:1`;

describe('rate limits counted in the database', () => {
  const app = useTestApp();

  it('counts per route and address in rate_limit_counters, and starts again when the window ends', async () => {
    const get = (remoteAddress: string) => app.app.inject({ method: 'GET', url: cartUrl(), remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await get('203.0.113.61')).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses[60]).toBe(429);
    // Another address has its own count.
    expect((await get('203.0.113.62')).statusCode).not.toBe(429);
    const { rows } = await app.database.executeSql(
      `select key, count from rate_limit_counters where key like '%203.0.113.61' order by key`,
    );
    expect(rows).toEqual([{ key: expect.stringContaining('/api/sample-cart'), count: 61 }]);
    // The window ends: the next request opens a new one.
    await app.database.executeSql(`update rate_limit_counters set reset_at = now() - interval '1 second'`);
    expect((await get('203.0.113.61')).statusCode).not.toBe(429);
  });
});

/** Two server processes on one PostgreSQL, as behind a balancer: together they allow the limit of one. */
describe.skipIf(!testDatabaseUrl)('rate limits across two app processes on one PostgreSQL', () => {
  let database: TestDatabase;
  const servers: { process: ChildProcess; url: string }[] = [];

  async function startServer(): Promise<{ process: ChildProcess; url: string }> {
    let output = '';
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'voicecart-rl-')),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        CLIENT_DIST_DIR: '/nonexistent-client-build',
        LOG_LEVEL: 'info',
        PUBLIC_URL: '',
        SMTP_URL: '',
        NODE_ENV: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let url = '';
    for (let waited = 0; !url; waited += 100) {
      if (child.exitCode !== null || waited > 60_000) throw new Error(`the server did not start:\n${output}`);
      url = /Voicecart is running at (http:\/\/(?:localhost|127\.0\.0\.1):\d+)/.exec(output)?.[1] ?? '';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { process: child, url };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    servers.push(await startServer(), await startServer());
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) {
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      server.process.kill('SIGTERM');
      await exited;
    }
    await database?.close();
  }, 60_000);

  it('the sample cart (60 a minute per address) answers 60 of 70 requests spread over both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) {
      const response = await fetch(cartUrl(servers[i % 2]!.url));
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(60);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
  }, 60_000);
});
