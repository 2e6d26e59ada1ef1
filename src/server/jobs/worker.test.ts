import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brands } from '#server/db/schema/index.ts';
import {
  createTestApp,
  createTestUser,
  personalWorkspaceOf,
  signInAs,
  type TestApp,
} from '#tests/support/test-app.ts';
import { pruneOldRowsJob } from './definitions.ts';
import { startWorkers } from './worker.ts';

const count = async (app: TestApp, query: string) => {
  const { rows } = await app.database.executeSql(`select count(*)::int as n from (${query}) q`);
  return rows[0]!.n as number;
};

/** The stored form of a session cookie's token. */
const hashOf = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the prune-old-rows job (decisions 008 and 020)', () => {
  it('runs in the server process every PRUNE_EVERY_SECONDS and prunes the inbox, the live events, expired sessions, read notifications and old sign-in addresses', async () => {
    app = await createTestApp({ workers: true, env: { PRUNE_EVERY_SECONDS: '1' } });
    const db = app.database.db;
    const user = await createTestUser(db);
    const [brand] = await db
      .insert(brands)
      .values({ userId: user.id, name: 'Old', username: 'old' })
      .returning();
    await app.database.executeSql(
      `insert into instagram_events (brand_id, account_id, dedupe_key, kind, thread_key, occurred_at, payload,
         received_at, processed_at, outcome)
       values ($1, '1', 'message:old', 'message', 'igsid:1', now(), '{}', now() - interval '40 days',
                now() - interval '40 days', 'stored'),
              ($1, '1', 'message:new', 'message', 'igsid:1', now(), '{}', now(), now(), 'stored'),
              ($1, '1', 'message:pending', 'message', 'igsid:2', now(), '{}', now() - interval '40 days', null, null)`,
      [brand!.id],
    );
    // Sessions: one past its absolute expiry, one idle for 8 days, one in use.
    const expired = (await signInAs(db, user.id)).cookie;
    const idle = (await signInAs(db, user.id)).cookie;
    await signInAs(db, user.id);
    await app.database.executeSql(
      `update sessions set expires_at = now() - interval '1 day' where id_hash = $1`,
      [hashOf(expired)],
    );
    await app.database.executeSql(
      `update sessions set last_seen_at = now() - interval '8 days' where id_hash = $1`,
      [hashOf(idle)],
    );
    // Notifications: read and older than the retention go; unread or recent ones stay.
    const workspaceId = await personalWorkspaceOf(db, user.id);
    await app.database.executeSql(
      `insert into notifications (workspace_id, user_id, kind, title, link, created_at, read_at) values
         ($1, $2, 'k', 'old read', '/', now() - interval '91 days', now() - interval '80 days'),
         ($1, $2, 'k', 'old unread', '/', now() - interval '91 days', null),
         ($1, $2, 'k', 'recent read', '/', now() - interval '89 days', now())`,
      [workspaceId, user.id],
    );
    // Addresses signed in from: one not used for longer than the retention goes.
    await app.database.executeSql(
      `insert into login_successes (user_id, ip_address, last_at) values
         ($1, '203.0.113.1', now() - interval '181 days'), ($1, '203.0.113.2', now() - interval '179 days')`,
      [user.id],
    );
    // The brand's insert wrote live events; one more makes an old one that is not the newest.
    await app.database.executeSql(`update brands set name = 'Older' where id = $1`, [brand!.id]);
    await app.database.executeSql(`update live_events set created_at = now() - interval '2 hours'`);

    await vi.waitFor(
      async () =>
        expect(
          (await count(app!, `select 1 from instagram_events where dedupe_key = 'message:old'`)) === 0 &&
            (await count(app!, 'select 1 from live_events')) === 1 &&
            (await count(app!, 'select 1 from sessions')) === 1 &&
            (await count(app!, 'select 1 from notifications')) === 2 &&
            (await count(app!, 'select 1 from login_successes')) === 1,
        ).toBe(true),
      { timeout: 20_000, interval: 100 },
    );
    const kept = await app.database.executeSql(
      `select title as kept from notifications union all select ip_address from login_successes order by 1`,
    );
    expect(kept.rows.map((row) => row.kept)).toEqual(['203.0.113.2', 'old unread', 'recent read']);
    const { rows } = await app.database.executeSql(
      'select dedupe_key from instagram_events order by dedupe_key',
    );
    expect(rows.map((row) => row.dedupe_key)).toEqual(['message:new', 'message:pending']);
  });

  it('a table whose pruning fails does not keep the others from being pruned; the run is marked failed', async () => {
    app = await createTestApp();
    let pruned = 0;
    await startWorkers({
      jobs: app.jobs,
      mailer: app.mailer,
      log: app.log,
      prune: {
        everySeconds: 60,
        tasks: [
          {
            table: 'broken',
            prune: async () => {
              throw new Error('the table is locked');
            },
          },
          {
            table: 'fine',
            prune: async () => {
              pruned += 1;
              return { deleted: 3, statements: 1 };
            },
          },
        ],
      },
    });
    await vi.waitFor(() => expect(pruned).toBe(1), { timeout: 15_000, interval: 100 });
    await vi.waitFor(
      async () =>
        expect(
          (await count(
            app!,
            `select 1 from pgboss.job where name = '${pruneOldRowsJob.name}' and state = 'failed'`,
          )) === 1,
        ).toBe(true),
      { timeout: 15_000, interval: 100 },
    );
  });
});
