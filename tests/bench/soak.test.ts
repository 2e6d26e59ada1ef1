import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '#tests/support/test-database.ts';

/**
 * The CI version of `npm run bench:soak` (bench/README.md): 60 s at modest rates, instance B killed with SIGKILL
 * and restarted every 20 s. It asserts what must hold on any machine, however loaded: every buyer message and
 * comment answered exactly once, every webhook stored as sent, no 5xx. Latency and memory are printed, not asserted.
 * Two server processes need PostgreSQL (the embedded database admits one process).
 */
const SOAK_ENV = {
  SOAK_SECONDS: '60',
  SOAK_DM_RATE: '5',
  SOAK_READ_RATE: '10',
  SOAK_COMMENT_RATE: '0.5',
  SOAK_STORE_WEBHOOK_RATE: '1',
  SOAK_STREAM_CLIENTS: '5',
  SOAK_KILL_EVERY: '20',
  SOAK_DRAIN_SECONDS: '60',
  SOAK_ASSERT_MEMORY: '0',
  // A killed process's jobs come back sooner than the bench's default, so the drain stays short.
  JOB_EXPIRE_SECONDS: '15',
  JOB_MAINTENANCE_SECONDS: '2',
  SEND_RECONCILE_AFTER_SECONDS: '10',
  SEND_RECONCILE_EVERY_SECONDS: '2',
};

interface SoakResult {
  kills: number;
  dms: number;
  lost: number;
  duplicated: number;
  comments: number;
  commentsLost: number;
  commentsDuplicated: number;
  stored: Record<string, number>;
  sent: Record<string, number>;
  undelivered: number;
  http5xx: number;
  otherErrors: number;
  unexpectedExits: number;
  missed: string[];
}

describe.skipIf(!testDatabaseUrl)(
  'bench:soak, 60 s with kills (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    it('answers every DM and comment exactly once, stores every webhook, and answers no 5xx while B is killed every 20 s', async () => {
      const root = path.resolve(import.meta.dirname, '../..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/soak.ts'], {
        cwd: root,
        env: { ...process.env, ...SOAK_ENV, SOAK_POSTGRES_URL: testDatabaseUrl! },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const line = output.split('\n').find((text) => text.startsWith('SOAK_RESULT '));
      expect(line, `the bench printed no result:\n${output}`).toBeDefined();
      const result = JSON.parse(line!.slice('SOAK_RESULT '.length)) as SoakResult;
      const context = `\n${output}`;
      expect(result.kills, context).toBeGreaterThanOrEqual(2);
      expect(result.dms, context).toBeGreaterThan(100);
      expect(result.comments, context).toBeGreaterThan(10);
      expect(
        {
          lost: result.lost,
          duplicated: result.duplicated,
          commentsLost: result.commentsLost,
          commentsDuplicated: result.commentsDuplicated,
        },
        context,
      ).toEqual({ lost: 0, duplicated: 0, commentsLost: 0, commentsDuplicated: 0 });
      expect(result.stored, context).toEqual(result.sent);
      expect(result.undelivered, context).toBe(0);
      expect(result.http5xx, context).toBe(0);
      expect(result.otherErrors, context).toBe(0);
      expect(result.unexpectedExits, context).toBe(0);
      expect(result.missed, context).toEqual([]);
      expect(code, context).toBe(0);
    }, 300_000);
  },
);
