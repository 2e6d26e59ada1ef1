import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runCli } from '#cli/run.ts';
import { SESSION_COOKIE } from '#server/auth/sessions.ts';
import { users } from '#server/db/schema/index.ts';
import { createTestApp, createTestUser, type TestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { createAccountsService } from './service.ts';

const password = 'correct horse battery';
let counter = 0;
const signupBody = (name: string) => ({
  firstName: name,
  lastName: 'Tester',
  email: `${name.toLowerCase()}-${++counter}@example.com`,
  password,
});

describe('the first account of an instance is its administrator', () => {
  let app: TestApp | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
    app = undefined;
    database = undefined;
  });

  const signUp = (body: object, remoteAddress = `10.13.0.${++counter % 250}`) =>
    app!.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress });
  const admins = async () =>
    (await app!.database.db.select().from(users)).filter((user) => user.role === 'admin');

  it('makes the first sign-up the verified administrator, with the admin pages open at once; later ones wait', async () => {
    app = await createTestApp();
    const first = await signUp(signupBody('Ada'));
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ verified: true, role: 'admin' });
    const cookie = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const pending = await app.app.inject({
      method: 'GET',
      url: '/api/admin/pending-users',
      headers: { cookie },
    });
    expect(pending.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, first.json().user.id));
    expect(row?.approvedAt).toBeInstanceOf(Date);

    const second = await signUp(signupBody('Grace'));
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toMatchObject({ verified: false, role: 'user' });
    expect((await pending.json()).users).toEqual([]);
    const listed = await app.app.inject({
      method: 'GET',
      url: '/api/admin/pending-users',
      headers: { cookie },
    });
    expect(listed.json().users.map((u: { email: string }) => u.email)).toEqual([second.json().user.email]);
    expect(await admins()).toHaveLength(1);
  });

  it('leaves sign-ups waiting for review on an instance that already has an administrator', async () => {
    app = await createTestApp();
    await createTestUser(app.database.db, { role: 'admin' });
    const response = await signUp(signupBody('Linus'));
    expect(response.json().user).toMatchObject({ verified: false, role: 'user' });
    expect(await admins()).toHaveLength(1);
  });

  it('makes exactly one administrator when several first sign-ups arrive at once', async () => {
    app = await createTestApp();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(signupBody(`Racer${i}`))));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const roles = responses.map((r) => r.json().user.role);
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
    expect((await app.database.db.select().from(users)).filter((u) => !u.verified)).toHaveLength(5);
  });

  it('holds under a race at the service, where the database alone orders the accounts', async () => {
    app = await createTestApp();
    // Two services, as two instances would have, on the same database; no password hashing to spread them out.
    const services = [0, 1].map(() => createAccountsService({ db: app!.database.db, jobs: app!.jobs }));
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        services[i % 2]!.createAccount({ email: `race-${i}@example.com` }),
      ),
    );
    expect(created.filter((c) => c.isFirstAdministrator)).toHaveLength(1);
    expect(created.filter((c) => c.user.role === 'admin')).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it('makes the first account created with the CLI the administrator, and says so', async () => {
    database = await createTestDatabase();
    const env = { LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) };
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
    const args = (email: string) => ['create-user', '--email', email, '--password', password];
    expect(await runCli(args('owner@example.com'), io, { env, database })).toBe(0);
    expect(out.join('\n')).toMatch(/^Created admin owner@example.com \(approved\)/);
    expect(out.join('\n')).toContain(
      'first account on this instance, so it is verified and is the administrator',
    );
    out.length = 0;
    expect(await runCli(args('staff@example.com'), io, { env, database })).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^Created user staff@example.com \(awaiting review\)/)]);
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => [u.email, u.role, u.verified]).sort()).toEqual([
      ['owner@example.com', 'admin', true],
      ['staff@example.com', 'user', false],
    ]);
  });
});
