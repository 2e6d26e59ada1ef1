import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, SESSION_COOKIE } from '#server/auth/sessions.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { brands, users } from '#server/db/schema/index.ts';
import {
  signWebhookBody,
  startFakeInstagramGraph,
  type FakeInstagramGraph,
} from '#tests/fakes/instagram-graph.ts';

/**
 * Real server processes (`src/server/main.ts`) on one PostgreSQL database.
 * Two processes answer each event exactly once; a process killed with SIGKILL while events are in flight is
 * restarted and every event is answered exactly once, the replies the kill interrupted included (the send
 * reconciler, decision 023). The fake Graph server lives in this process, so it sees every send of every server
 * process.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_SECRET = 'exactly-once-app-secret';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('exactly once across processes (PostgreSQL)', () => {
  let fake: FakeInstagramGraph;
  let databaseUrl: string;
  let databaseName: string;
  let database: DatabaseHandle;
  const encryptionKey = randomBytes(32).toString('base64');
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    fake = await startFakeInstagramGraph();
    databaseName = `voicecart_once_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    // Not migrated here: the first test starts two server processes at once on the empty database.
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    await fake?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }, 60_000);

  async function startServer(): Promise<{ url: string; child: ChildProcess }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        CLIENT_DIST_DIR: '/nonexistent-client-build',
        ENCRYPTION_KEY: encryptionKey,
        JOB_POLL_SECONDS: '1',
        JOB_MAINTENANCE_SECONDS: '2',
        // A killed process's jobs come back when they expire: 15 s here instead of instagram-process's 120 s.
        JOB_EXPIRE_SECONDS: '15',
        // Decision 023: a reply the kill interrupted is settled 5 s after it was last touched, checked every second
        // (instead of 60 and 60). 5 s stays well above a live send to the fake Graph, which answers at once.
        SEND_RECONCILE_AFTER_SECONDS: '5',
        SEND_RECONCILE_EVERY_SECONDS: '1',
        INSTAGRAM_APP_SECRET: APP_SECRET,
        INSTAGRAM_VERIFY_TOKEN: 'verify',
        INSTAGRAM_APP_ID: 'app',
        INSTAGRAM_API_URL: fake.url,
        INSTAGRAM_OAUTH_AUTHORIZE_URL: fake.authorizeUrl,
        INSTAGRAM_OAUTH_TOKEN_URL: fake.tokenUrl,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    const url = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
        const status = (await fetch(`${url}/api/health`).catch(() => null))?.status ?? 0;
        expect(status === 200, 'the server to start').toBe(true);
        return status;
      },
      { timeout: 60_000, interval: 100 },
    );
    return { url, child };
  }

  async function createBrand(serverUrl: string, suffix: string) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `once-${suffix}@example.com`, verified: true })
      .returning();
    const [brand] = await database.db
      .insert(brands)
      .values({ userId: user!.id, name: `Once ${suffix}`, username: `once${suffix}` })
      .returning();
    const account = fake.addAccount({ accountId: `1784140000${suffix}`, username: `once${suffix}` });
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user!.id)}`;
    const headers = { cookie, 'content-type': 'application/json' };
    const connect = await fetch(`${serverUrl}/api/brands/${brand!.id}/instagram`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ accountId: account.accountId, accessToken: account.token }),
    });
    expect(connect.status).toBe(200);
    const store = await fetch(`${serverUrl}/api/brands/${brand!.id}/store`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ platform: 'sample' }),
    });
    expect(store.status).toBe(200);
    return { accountId: account.accountId, brandId: brand!.id, headers };
  }

  const texts = [
    'is the clear brow gel available?',
    'how much is the rose water face mist?',
    'classic pullover hoodie M black in stock?',
    'do you sell surfboards?',
    'hi!',
  ];
  let mid = 0;
  function webhookBody(account: string, igsid: string, text: string) {
    mid += 1;
    return JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: account,
          time: Date.now(),
          messaging: [
            {
              sender: { id: igsid },
              recipient: { id: account },
              timestamp: Date.now(),
              message: { mid: `mid.once.${mid}.${Date.now()}`, text },
            },
          ],
        },
      ],
    });
  }
  const post = async (serverUrl: string, body: string) => {
    const response = await fetch(`${serverUrl}/api/webhooks/instagram`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWebhookBody(APP_SECRET, body),
      },
      body,
    });
    expect(response.status).toBe(200);
  };
  const sendsTo = (igsid: string) =>
    fake.sentMessages().filter((message) => message.recipient.id === igsid).length;
  /** A 🔥 comment, known to the fake Graph (its private reply lands in the DM thread with the commenter). */
  function commentBody(account: string, commentId: string, igsid: string) {
    fake.addComment({ accountId: account, commentId, fromId: igsid, username: igsid });
    return JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: account,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'comments',
              value: {
                id: commentId,
                text: 'need this 🔥 how much is the rose water face mist?',
                from: { id: igsid, username: igsid },
                media: { id: 'reel-once', media_product_type: 'REELS' },
              },
            },
          ],
        },
      ],
    });
  }
  const privateRepliesTo = (commentId: string) =>
    fake.sentMessages().filter((message) => message.recipient.comment_id === commentId).length;
  const publicRepliesTo = (commentId: string) =>
    fake.publicReplies().filter((reply) => reply.commentId === commentId).length;

  it('two server processes started at once on an empty database both start, and answer each event exactly once', async () => {
    // Both migrate and set up the job queues at the same moment (they used to deadlock in pg-boss's queue creation).
    const [first, second] = await Promise.all([startServer(), startServer()]);
    const { accountId: account } = await createBrand(first.url, '01');
    const buyers = Array.from({ length: 30 }, (_, index) => `two-${index}`);
    await Promise.all(
      buyers.map(async (igsid, index) => {
        const body = webhookBody(account, igsid, texts[index % texts.length]!);
        // Meta redelivers: every third event reaches both processes.
        await post(index % 2 === 0 ? first.url : second.url, body);
        if (index % 3 === 0) await post(index % 2 === 0 ? second.url : first.url, body);
      }),
    );
    await vi.waitFor(
      async () => {
        const missing = await buyers.filter((igsid) => sendsTo(igsid) === 0).length;
        expect(missing === 0, 'every buyer to be answered').toBe(true);
        return missing;
      },
      { timeout: 60_000, interval: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(buyers.map(sendsTo)).toEqual(buyers.map(() => 1));
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
  }, 180_000);

  it('a server killed with SIGKILL mid-flight: after a restart every event is answered exactly once, the interrupted replies included', async () => {
    const first = await startServer();
    const { accountId: account, brandId, headers } = await createBrand(first.url, '02');
    // 🔥 comments get a private reply (a DM through the comment) and a public reply each.
    const rule = await fetch(`${first.url}/api/brands/${brandId}/automation-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Fire comments',
        triggerConfig: { type: 'comment_keyword', keywords: ['🔥'] },
        actionConfig: { type: 'private_reply_product_link', publicReply: 'Check your DMs!' },
      }),
    });
    expect(rule.status).toBe(201);
    const buyers = Array.from({ length: 40 }, (_, index) => `kill-${index}`);
    const commenters = Array.from({ length: 10 }, (_, index) => ({
      commentId: `kill-comment-${index}`,
      igsid: `commenter-${index}`,
    }));
    // Graph carries out each send (DMs and private replies) a second before it answers, so the kill below lands
    // while sends that did leave are still waiting for their answer.
    fake.setLatency(1000, /^\/me\/messages$/);
    // A comment after every fourth buyer, so comment replies are among the first sends the kill interrupts.
    const bodies = buyers.flatMap((igsid, index) => {
      const body = webhookBody(account, igsid, texts[index % texts.length]!);
      const commenter = index % 4 === 0 ? commenters[index / 4] : undefined;
      return commenter ? [commentBody(account, commenter.commentId, commenter.igsid), body] : [body];
    });
    await Promise.all(bodies.map((body) => post(first.url, body)));
    // Every event is acknowledged (stored); kill while the first answers are going out: once the first private
    // reply has reached Graph (a comment's answer takes a little longer than a DM's), direct messages are in flight
    // too.
    await vi.waitFor(
      async () => {
        const answered = await commenters.filter(({ commentId }) => privateRepliesTo(commentId) > 0).length;
        expect(answered >= 1, 'a first private reply').toBe(true);
        return answered;
      },
      { timeout: 60_000, interval: 100 },
    );
    first.child.kill('SIGKILL');
    const unsettled = async () => {
      const { rows } = await database.executeSql(
        `select count(*)::int as n from instagram_sends where status in ('queued', 'unknown') and recipient like 'kill-%'`,
      );
      return rows[0]!.n as number;
    };
    const answeredBeforeKill = buyers.filter((igsid) => sendsTo(igsid) > 0).length;
    expect(answeredBeforeKill).toBeLessThan(buyers.length);

    // At least the private reply whose arrival triggered the kill was interrupted: it left, and its answer was lost.
    expect(await unsettled()).toBeGreaterThan(0);
    const { rows: interrupted } = await database.executeSql(
      `select count(*)::int as n from instagram_sends where kind = 'private_reply' and status in ('queued', 'unknown')`,
    );
    expect(interrupted[0]!.n).toBeGreaterThan(0);
    const restarted = await startServer();
    // Every reply is recorded before Graph is called. The killed process's jobs come back when they expire
    // (JOB_EXPIRE_SECONDS above) and maintenance runs; a reply the kill interrupted between recording and Graph's
    // answer is settled by the send reconciler: confirmed through the Conversations API (a private reply in the
    // thread with the commenter) or the comment's replies when it left, sent once when it did not.
    // A job the kill interrupted after its reply left but before its trace was written comes back too: its
    // replay finds the reply already sent (the idempotency key) and only writes the trace.
    const traced = async () => {
      const { rows } = await database.executeSql(
        `select (select count(*)::int from assistant_traces t join conversations c on c.id = t.conversation_id
                  where c.customer_instagram_id like 'kill-%')
              + (select count(*)::int from assistant_traces t join comments c on t.event_key = 'comment:' || c.id
                  where c.instagram_comment_id like 'kill-comment-%') as n`,
      );
      return rows[0]!.n as number;
    };
    const unanswered = () =>
      buyers.filter((igsid) => sendsTo(igsid) === 0).length +
      commenters.filter(
        ({ commentId }) => privateRepliesTo(commentId) === 0 || publicRepliesTo(commentId) === 0,
      ).length;
    await vi.waitFor(
      async () => {
        const state = await {
          unanswered: unanswered(),
          unsettled: await unsettled(),
          traced: await traced(),
        };
        expect(
          state.unanswered === 0 &&
            state.unsettled === 0 &&
            state.traced === buyers.length + commenters.length,
          'every buyer and commenter to be answered, every send settled and every event traced after the restart',
        ).toBe(true);
        return state;
      },
      { timeout: 120_000, interval: 100 },
    );
    // Nothing more goes out once everything is settled: nobody is answered twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(buyers.map(sendsTo)).toEqual(buyers.map(() => 1));
    expect(
      commenters.map(({ commentId }) => [privateRepliesTo(commentId), publicRepliesTo(commentId)]),
    ).toEqual(commenters.map(() => [1, 1]));
    expect(await unsettled()).toBe(0);
    // Sends to buyers are addressed to them, comment replies to their comment.
    const { rows: statuses } = await database.executeSql(
      `select kind, status, count(*)::int as n from instagram_sends where recipient like 'kill-%'
        group by kind, status order by kind`,
    );
    expect(statuses).toEqual([
      { kind: 'direct_message', status: 'sent', n: buyers.length },
      { kind: 'private_reply', status: 'sent', n: commenters.length },
      { kind: 'public_reply', status: 'sent', n: commenters.length },
    ]);
    expect(await traced()).toBe(buyers.length + commenters.length);
    fake.setLatency(0);
    restarted.child.kill('SIGTERM');
  }, 240_000);
});
