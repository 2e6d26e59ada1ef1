import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema/index.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { runAdminCli } from '#tests/support/cli.ts';
import { newestMailTo } from '#tests/support/outbox.ts';
import { createTestUser, signInAs, useTestApp } from '#tests/support/test-app.ts';

describe('admin review of new accounts', () => {
  let adminCookie: string;

  const app = useTestApp({ workers: true, env: { PUBLIC_URL: 'http://127.0.0.1:3999' } });
  beforeAll(async () => {
    const admin = await createTestUser(app.database.db, { email: 'boss@example.com', role: 'admin' });
    adminCookie = (await signInAs(app.database.db, admin.id)).cookie;
  });

  const get = (cookie?: string) =>
    app.app.inject({ method: 'GET', url: '/api/admin/pending-users', headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string) =>
    app.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

  it('is for admins only: 401 signed out, 403 for users verified or not', async () => {
    const user = await createTestUser(app.database.db, { verified: true });
    const pending = await createTestUser(app.database.db, { verified: false });
    expect((await get()).statusCode).toBe(401);
    for (const who of [user, pending]) {
      const { cookie } = await signInAs(app.database.db, who.id);
      expect((await get(cookie)).statusCode).toBe(403);
      const approve = await post(`/api/admin/users/${pending.id}/approve`, cookie);
      expect(approve.statusCode).toBe(403);
      expect(approve.json().message).toBe('Only administrators can do that.');
      expect((await post(`/api/admin/users/${pending.id}/reject`, cookie)).statusCode).toBe(403);
    }
    const [row] = await app.database.db.select().from(users).where(eq(users.id, pending.id));
    expect(row?.verified).toBe(false);
  });

  it('lists accounts awaiting review, oldest first', async () => {
    const now = Date.now();
    const newer = await createTestUser(app.database.db, {
      verified: false,
      email: 'newer@example.com',
      createdAt: new Date(now - 1000),
    });
    const older = await createTestUser(app.database.db, {
      verified: false,
      email: 'older@example.com',
      createdAt: new Date(now - 60_000),
    });
    const response = await get(adminCookie);
    expect(response.statusCode).toBe(200);
    const emails = response.json().users.map((u: { email: string }) => u.email);
    expect(emails.indexOf('older@example.com')).toBeLessThan(emails.indexOf('newer@example.com'));
    expect(emails).not.toContain('boss@example.com');
    expect(response.json().users.find((u: { id: string }) => u.id === older.id)).toEqual({
      id: older.id,
      email: 'older@example.com',
      firstName: older.firstName,
      lastName: older.lastName,
      createdAt: new Date(now - 60_000).toISOString(),
    });
    expect(newer.id).toBeTruthy();
  });

  it('approves: verified and approved_at set, and the approval email written to the outbox', async () => {
    const pending = await createTestUser(app.database.db, {
      verified: false,
      email: 'approve-me@example.com',
      firstName: 'Ada',
    });
    const { cookie } = await signInAs(app.database.db, pending.id);
    const response = await post(`/api/admin/users/${pending.id}/approve`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: pending.id, email: 'approve-me@example.com', status: 'approved' });
    const [row] = await app.database.db.select().from(users).where(eq(users.id, pending.id));
    expect(row?.verified).toBe(true);
    expect(row?.approvedAt).toBeInstanceOf(Date);
    // The user's existing session now reads as verified.
    const me = await app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().verified).toBe(true);
    const mail = await newestMailTo(app.database.db, 'approve-me@example.com');
    expect(mail.subject).toBe('Your Voicecart account is approved');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('http://127.0.0.1:3999/login');
    // A second approval finds nothing pending.
    expect((await post(`/api/admin/users/${pending.id}/approve`, adminCookie)).statusCode).toBe(404);
  });

  it('rejects: deletes the pending account and its sessions and emails the person', async () => {
    const pending = await createTestUser(app.database.db, {
      verified: false,
      email: 'reject-me@example.com',
    });
    const { cookie } = await signInAs(app.database.db, pending.id);
    const response = await post(`/api/admin/users/${pending.id}/reject`, adminCookie);
    expect(response.json()).toEqual({ id: pending.id, email: 'reject-me@example.com', status: 'rejected' });
    expect(await app.database.db.select().from(users).where(eq(users.id, pending.id))).toHaveLength(0);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, pending.id))).toHaveLength(
      0,
    );
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(401);
    await newestMailTo(app.database.db, 'reject-me@example.com');
  });

  it('refuses to reject a verified account, and answers bad ids with 400 and unknown ones with 404', async () => {
    const verified = await createTestUser(app.database.db, { verified: true });
    expect((await post(`/api/admin/users/${verified.id}/reject`, adminCookie)).statusCode).toBe(404);
    expect(await app.database.db.select().from(users).where(eq(users.id, verified.id))).toHaveLength(1);
    const bad = await post('/api/admin/users/not-a-uuid/approve', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('id');
    expect(
      (await post('/api/admin/users/00000000-0000-4000-8000-000000000000/approve', adminCookie)).statusCode,
    ).toBe(404);
  });
});

describe('admin command line: create-user, approve, list-pending', () => {
  const app = useTestApp();

  const cli = (argv: string[]) => runAdminCli(app.database, argv);

  it('creates a verified admin whose password works', async () => {
    const result = await cli([
      'create-user',
      '--email',
      'Root@Example.com',
      '--password',
      'long-enough-pw',
      '--first-name',
      'Root',
      '--verified',
      '--admin',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Created admin root@example.com \(approved\)/);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'root@example.com'));
    expect(row).toMatchObject({ role: 'admin', verified: true, firstName: 'Root', lastName: null });
    expect(await verifyPassword(row!.passwordHash, 'long-enough-pw')).toBe(true);
  });

  it('refuses a duplicate user with a clear error and exit 1', async () => {
    const result = await cli([
      'create-user',
      '--email',
      'root@example.com',
      '--password',
      'another-password',
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toBe('create-user failed: a user with email root@example.com already exists');
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'root@example.com')),
    ).toHaveLength(1);
  });

  it.each([
    [['create-user', '--password', 'long-enough-pw'], /--email is required/],
    [['create-user', '--email', 'x@y.co'], /--password is required/],
    [['create-user', '--email', 'nope', '--password', 'long-enough-pw'], /not a valid email/],
    [['create-user', '--email', 'x@y.co', '--password', 'short'], /8 to 128/],
    [['create-user', '--email', 'x@y.co', '--password', 'long-enough-pw', '--bogus'], /Unknown option/],
    [['approve'], /--email is required/],
    [['list-pending', 'extra'], /Unexpected argument|positional/i],
  ])('exits 2 with a usage line for %j', async (argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toMatch(/Usage: npm run admin -- /);
  });

  it('lists pending accounts oldest first and approves one by email', async () => {
    await cli(['create-user', '--email', 'first@example.com', '--password', 'long-enough-pw']);
    await cli([
      'create-user',
      '--email',
      'second@example.com',
      '--password',
      'long-enough-pw',
      '--first-name',
      'Sec',
      '--last-name',
      'Ond',
    ]);
    const listed = await cli(['list-pending']);
    expect(listed.code).toBe(0);
    expect(listed.out.indexOf('first@example.com')).toBeLessThan(listed.out.indexOf('second@example.com'));
    expect(listed.out).toContain('Sec Ond');
    const approved = await cli(['approve', '--email', 'FIRST@example.com']);
    expect(approved.code).toBe(0);
    expect(approved.out).toBe('Approved first@example.com; the approval email is queued.');
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'first@example.com'));
    expect(row?.verified).toBe(true);
    const again = await cli(['approve', '--email', 'first@example.com']);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/No account awaiting review/);
    expect((await cli(['list-pending'])).out).not.toContain('first@example.com');
  });
});
