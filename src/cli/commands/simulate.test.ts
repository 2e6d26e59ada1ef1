import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '#tests/support/cli.ts';
import { createTestUser, useTestApp } from '#tests/support/test-app.ts';

describe('admin simulate', () => {
  const run = (args: string[]) =>
    runAdminCli(app.database, args, { ENCRYPTION_KEY: app.config.ENCRYPTION_KEY!.toString('base64') });

  const app = useTestApp();
  beforeAll(async () => {
    await createTestUser(app.database.db, { email: 'sim@example.com' });
    const seeded = await run(['seed-demo', '--email', 'sim@example.com']);
    expect(seeded.err).toBe('');
  }, 30_000);

  it('prints the reply and a readable trace over seed-demo’s sample store, sending nothing', async () => {
    const result = await run([
      'simulate',
      '--email',
      'sim@example.com',
      '--brand',
      'luna skincare',
      'how much is the rose water face mist?',
    ]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Buyer: how much is the rose water face mist\?/);
    expect(result.out).toMatch(/Luna Skincare: .*\$19\.00/);
    expect(result.out).toMatch(/Product\s+Rose Water Face Mist/);
    expect(result.out).toMatch(/Stock\s+\d+ in stock, (live from the store|from the last sync)/);
    expect(result.out).toMatch(/Provider\s+embedded composer/);
    const { rows } = await app.database.executeSql(
      `select count(*)::int as n from messages where sender = 'ai' and content like '%19.00%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a missing message or an unknown brand', async () => {
    expect((await run(['simulate', '--email', 'sim@example.com', '--brand', 'Luna Skincare'])).code).toBe(2);
    const unknown = await run(['simulate', '--email', 'sim@example.com', '--brand', 'Nope', 'hi']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no brand named "Nope"/);
  });
});
