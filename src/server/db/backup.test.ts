import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '#cli/run.ts';
import { loadConfig } from '#server/config.ts';
import { startRuntime } from '#server/runtime.ts';
import { openDatabase } from './client.ts';
import { writeRotatingBackup } from './backup.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vc-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const envFor = (dataDir: string) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  CLIENT_DIST_DIR: '/nonexistent-client-build',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  BACKUP_KEEP: '0',
});

async function cli(argv: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runCli(argv, { out: (l) => lines.push(l), err: (l) => lines.push(l) }, { env });
  return { code, text: lines.join('\n') };
}

/** The keys of the rows the load wrote, read from a stopped data directory. */
async function loadKeys(dataDir: string): Promise<number[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const { rows } = await database.executeSql(
      `select key from rate_limit_counters where key like 'load-%' order by 1`,
      [],
    );
    return rows.map((row) => Number(String(row.key).slice(5))).sort((a, b) => a - b);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('backs up a running server under load over its admin socket; restore brings back every committed row', async () => {
    const dataDir = tempDir();
    const env = envFor(dataDir);
    const runtime = await startRuntime(loadConfig(env));
    let written = 0;
    let stop = false;
    let closed = false;
    const insert = (i: number) =>
      runtime.database.executeSql(
        `insert into rate_limit_counters (key, count, reset_at) values ($1, 1, now() + interval '1 day')`,
        [`load-${String(i).padStart(5, '0')}`],
      );
    // One writer, one row at a time: the committed rows are always a prefix 0..written-1. An embedded query settles
    // in microtasks alone, so the writer yields to the event loop after each row as requests arriving over sockets
    // would; without that it starves the admin socket and the timers.
    const load = (async () => {
      while (!stop) {
        await insert(written);
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      while (written < 200) await new Promise((resolve) => setImmediate(resolve));
      const committedBefore = written;
      const file = path.join(tempDir(), 'during-load.tar');
      const backup = await cli(['backup', '--to', file], env);
      const committedAfter = written;
      expect(backup.code, backup.text).toBe(0);
      expect(backup.text).toContain('from the running server');

      // The running instance's files cannot be restored over.
      const refused = await cli(['restore', '--from', file, '--force'], env);
      expect(refused.code).toBe(1);
      expect(refused.text).toContain('in use by another Voicecart process');

      stop = true;
      await load;
      await runtime.close();
      closed = true;

      const target = tempDir();
      const restored = await cli(['restore', '--from', file], envFor(target));
      expect(restored.code, restored.text).toBe(0);
      const keys = await loadKeys(target);
      expect(keys.length).toBeGreaterThanOrEqual(committedBefore);
      expect(keys.length).toBeLessThanOrEqual(committedAfter);
      // Consistent: exactly the first N rows, none missing in between.
      expect(keys).toEqual(Array.from({ length: keys.length }, (_, i) => i));
      // The schema came along: the app starts on it.
      const restarted = await startRuntime(loadConfig(envFor(target)), { workers: false });
      const health = await restarted.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBeLessThan(500);
      await restarted.close();

      // A non-empty data dir is replaced only with --force, and then kept aside.
      const again = await cli(['restore', '--from', file], envFor(target));
      expect(again.code).toBe(1);
      expect(again.text).toContain('--force');
      const forced = await cli(['restore', '--from', file, '--force'], envFor(target));
      expect(forced.code, forced.text).toBe(0);
      expect(readdirSync(target).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);

      // With the server stopped, the command reads the data directory itself: every row of the full load.
      const offline = path.join(tempDir(), 'stopped.tar');
      const cold = await cli(['backup', '--to', offline], env);
      expect(cold.code, cold.text).toBe(0);
      expect(cold.text).toContain(`from ${dataDir}`);
      const coldTarget = tempDir();
      expect((await cli(['restore', '--from', offline], envFor(coldTarget))).code).toBe(0);
      expect((await loadKeys(coldTarget)).length).toBe(written);
    } finally {
      stop = true;
      await load.catch(() => undefined);
      if (!closed) await runtime.close();
    }
  }, 180_000);

  it('on PostgreSQL points to pg_dump', async () => {
    const result = await cli(['backup', '--to', '/tmp/x.tar'], {
      ...envFor(tempDir()),
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
    });
    expect(result.code).toBe(2);
    expect(result.text).toContain('pg_dump');
  });

  it('the periodic backup keeps the newest 7', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const dir = tempDir();
    try {
      for (let i = 0; i < 9; i += 1) {
        await writeRotatingBackup(database, dir, 7, new Date(Date.UTC(2026, 0, 1 + i)));
      }
    } finally {
      await database.close();
    }
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(7);
    expect(files[0]).toBe('voicecart-2026-01-03T00-00-00-000Z.tar');
  });
});
