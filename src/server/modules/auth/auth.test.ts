import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginAttempts, loginSuccesses, sessions, signupAttempts, users } from '#server/db/schema/index.ts';
import {
  buildAppOn,
  createSignedInUser,
  createTestApp,
  createTestUser,
  signInAs,
  type TestApp,
  useTestApp,
} from '#tests/support/test-app.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '#server/auth/sessions.ts';
import {
  DUPLICATE_EMAIL_MESSAGE,
  loginDelayMs,
  MAX_SIGNUPS_PER_ADDRESS,
  TOO_MANY_ATTEMPTS_MESSAGE,
  TOO_MANY_SIGNUPS_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
} from './service.ts';

const password = 'correct horse battery';
let addressCounter = 0;
/** Each test its own client address, so per-address limits of one test do not leak into another. */
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}

describe('accounts API', () => {
  const inject: TestApp['app']['inject'] = ((options: object) =>
    app.app.inject({ remoteAddress: nextAddress(), ...options } as never)) as never;

  const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: '/api/auth/signup', payload: body, headers });
  const logIn = (
    body: Record<string, unknown>,
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => inject({ method: 'POST', url: '/api/auth/login', payload: body, ...extra });
  const me = (cookie?: string) =>
    inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

  async function createPasswordUser(email: string, fields: Partial<typeof users.$inferInsert> = {}) {
    return createTestUser(app.database.db, { email, passwordHash: await hashPassword(password), ...fields });
  }

  /** A password account with a session made directly (not through the sign-in route), and its cookie header. */
  async function createSignedInPasswordUser(email: string) {
    return createSignedInUser(app.database.db, { email, passwordHash: await hashPassword(password) });
  }

  const app = useTestApp();
  beforeAll(async () => {
    // An instance past its first account: sign-ups wait for review (first-admin.test.ts covers the first one).
    await createTestUser(app.database.db, { email: 'owner@example.com', role: 'admin' });
  });

  it('answers 401 {message: Unauthorized} when signed out', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('signs up an unverified user, signs them in at once, and stores an argon2id hash', async () => {
    const response = await signUp({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: ' Ada@Example.COM ',
      password,
      returnTo: '/dashboard/brands',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user: {
        id: expect.any(String),
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        profileImageUrl: null,
        verified: false,
        role: 'user',
      },
      redirectTo: '/dashboard/brands',
    });
    const cookie = sessionCookieOf(response)!;
    expect((await me(`${SESSION_COOKIE}=${cookie.value}`)).json()).toMatchObject({
      email: 'ada@example.com',
      verified: false,
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a duplicate email (any case) with 409 and stores nothing', async () => {
    await createPasswordUser('dup@example.com');
    const response = await signUp({ firstName: 'A', lastName: 'B', email: 'DUP@example.com', password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: DUPLICATE_EMAIL_MESSAGE });
    const rows = await app.database.db.select().from(users).where(eq(users.email, 'dup@example.com'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a long password', { password: 'x'.repeat(129) }, 'password'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a missing first name', { firstName: '  ' }, 'firstName'],
    ['a huge last name', { lastName: 'x'.repeat(101) }, 'lastName'],
    ['a NUL in a name', { firstName: 'A\u0000B' }, 'firstName'],
  ])('rejects sign-up with %s, naming the field', async (_name, change, field) => {
    const email = `field-${field}-${Math.random()}@example.com`;
    const response = await signUp({ firstName: 'A', lastName: 'B', email, password, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('signs in with the right password, answering where to go next', async () => {
    await createPasswordUser('grace@example.com', { verified: true });
    const response = await logIn({ email: 'Grace@example.com', password, returnTo: '/dashboard?tab=1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: 'grace@example.com', verified: true },
      redirectTo: '/dashboard?tab=1',
    });
  });

  it('gives one generic message for a wrong password and for an unknown email', async () => {
    await createPasswordUser('wrong@example.com');
    const wrong = await logIn({ email: 'wrong@example.com', password: 'not the password' });
    const unknown = await logIn({ email: 'nobody@example.com', password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, max-age of the absolute expiry, not Secure over http', async () => {
    await createPasswordUser('flags@example.com');
    const response = await logIn({ email: 'flags@example.com', password });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
    expect(header).not.toMatch(/Secure/);
    expect(sessionCookieOf(response)!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secureApp = await createTestApp({ env: { PUBLIC_URL: 'https://app.voicecart.test' } });
    try {
      await createTestUser(secureApp.database.db, {
        email: 'secure@example.com',
        passwordHash: await hashPassword(password),
      });
      const response = await secureApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'secure@example.com', password },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secureApp.close();
    }
  });

  it('issues a new session id at every sign-in and drops the one the browser had', async () => {
    await createPasswordUser('rotate@example.com');
    const first = sessionCookieOf(await logIn({ email: 'rotate@example.com', password }))!.value;
    const second = sessionCookieOf(
      await logIn(
        { email: 'rotate@example.com', password },
        { headers: { cookie: `${SESSION_COOKIE}=${first}` } },
      ),
    )!.value;
    expect(second).not.toBe(first);
    expect((await me(`${SESSION_COOKIE}=${first}`)).statusCode).toBe(401);
    expect((await me(`${SESSION_COOKIE}=${second}`)).statusCode).toBe(200);
  });

  it('logs out: deletes the session, clears the cookie, redirects home; the old cookie no longer works', async () => {
    const { cookie, ...user } = await createSignedInPasswordUser('logout@example.com');
    const response = await inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cleared = sessionCookieOf(response)!;
    expect(cleared.value).toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect((await me(cookie)).statusCode).toBe(401);
    const left = await app.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('asks before signing out when another site sent the browser to GET /api/logout', async () => {
    const { cookie, ...user } = await createSignedInPasswordUser('logout-cross@example.com');
    const page = await inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Sign out of Voicecart?</h1>');
    // A sibling site (same-site, another subdomain) is not ours either.
    const sibling = await inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-site' },
    });
    expect(sibling.statusCode).toBe(200);
    expect(sibling.body).toContain('<h1>Sign out of Voicecart?</h1>');
    expect(page.body).toContain('href="/api/logout"');
    expect(page.body).not.toMatch(/<script/i);
    expect(sessionCookieOf(page)).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(200);
    // The confirmation link is a same-origin navigation: that one signs out, as does a typed address (none).
    for (const fetchSite of ['same-origin', 'none']) {
      const again = await signInAs(app.database.db, user.id);
      const response = await inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: again.cookie, 'sec-fetch-site': fetchSite },
      });
      expect(response.statusCode).toBe(302);
      expect((await me(again.cookie)).statusCode).toBe(401);
    }
    // Signed out already: nothing to confirm.
    const signedOut = await inject({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(signedOut.statusCode).toBe(302);
  });

  it('limits sign-ups per address in the database: the 11th in a minute is 429 and creates nothing', async () => {
    const remoteAddress = '192.0.2.90';
    const body = (i: number) => ({
      firstName: 'Rate',
      lastName: 'Limit',
      email: `rate${i}@example.com`,
      password,
    });
    for (let i = 0; i < MAX_SIGNUPS_PER_ADDRESS; i += 1) {
      expect(
        (await inject({ method: 'POST', url: '/api/auth/signup', payload: body(i), remoteAddress }))
          .statusCode,
      ).toBe(201);
    }
    // The 11th goes to another instance of the app on the same database: the count is in the database.
    const otherInstance = await buildAppOn(app, { catalog: app.catalog, assistant: app.assistant });
    try {
      const blocked = await otherInstance.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body(99),
        remoteAddress,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_SIGNUPS_MESSAGE });
    } finally {
      await otherInstance.close();
    }
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'rate99@example.com')),
    ).toHaveLength(0);
    // Another address is not affected.
    expect((await signUp(body(100))).statusCode).toBe(201);
    // Once the window has passed, the address may sign up again.
    await app.database.db
      .update(signupAttempts)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 1000) })
      .where(eq(signupAttempts.ipAddress, remoteAddress));
    expect(
      (await inject({ method: 'POST', url: '/api/auth/signup', payload: body(98), remoteAddress }))
        .statusCode,
    ).toBe(201);
  });

  it('ends a session idle for more than 7 days, and any session past 30 days', async () => {
    const user = await createPasswordUser('expiry@example.com');
    const idle = await signInAs(app.database.db, user.id);
    const old = await signInAs(app.database.db, user.id);
    const fresh = await signInAs(app.database.db, user.id);
    const day = 24 * 60 * 60 * 1000;
    const idleToken = idle.cookie.split('=')[1]!;
    const oldToken = old.cookie.split('=')[1]!;
    const { createHash } = await import('node:crypto');
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    await app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 7 * day - 60_000) })
      .where(eq(sessions.idHash, hashOf(idleToken)));
    await app.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day), expiresAt: new Date(Date.now() - day) })
      .where(eq(sessions.idHash, hashOf(oldToken)));
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(old.cookie)).statusCode).toBe(401);
    expect((await me(fresh.cookie)).statusCode).toBe(200);
  });

  /** Moves every recorded failure of an email or address back in time, as if that long had passed. */
  const age = async (where: { email?: string; ipAddress?: string }, ms: number) => {
    await app.database.db
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - ${ms} * interval '1 millisecond'` })
      .where(
        where.email ? eq(loginAttempts.email, where.email) : eq(loginAttempts.ipAddress, where.ipAddress!),
      );
  };

  it('slows an account down after 5 failures (429 with Retry-After, doubling), never locks it', async () => {
    expect([4, 5, 6, 7, 10, 30].map((n) => loginDelayMs(n, 5))).toEqual([
      0, 1000, 2000, 4000, 32_000, 900_000,
    ]);
    await createPasswordUser('limited@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await logIn({ email: 'limited@example.com', password: `wrong-${i}-password` })).statusCode,
      ).toBe(401);
    }
    // From a new address, even the right password waits for the delay, unchecked.
    const slowed = await logIn({ email: 'limited@example.com', password });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(Number(slowed.headers['retry-after'])).toBe(1);
    await age({ email: 'limited@example.com' }, 1000);
    // The wait is over: one more wrong try, and the next wait is twice as long.
    expect((await logIn({ email: 'limited@example.com', password: 'wrong-again-pw' })).statusCode).toBe(401);
    const longer = await logIn({ email: 'limited@example.com', password });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(2);
    await age({ email: 'limited@example.com' }, 2000);
    expect((await logIn({ email: 'limited@example.com', password })).statusCode).toBe(200);
  });

  it('never holds back the right password of an administrator from an address it signed in from before', async () => {
    const adminEmail = 'chief@example.com';
    await createPasswordUser(adminEmail, { role: 'admin' });
    const office = '198.51.100.10';
    expect((await logIn({ email: adminEmail, password }, { remoteAddress: office })).statusCode).toBe(200);
    // Someone elsewhere guesses: 5 tries over HTTP, then (as if over the last minutes) 35 more from 4 addresses.
    for (let i = 0; i < 5; i += 1) {
      const r = await logIn(
        { email: adminEmail, password: `guess-${i}-password` },
        { remoteAddress: '203.0.113.1' },
      );
      expect(r.statusCode).toBe(401);
    }
    await app.database.db.insert(loginAttempts).values(
      Array.from({ length: 35 }, (_, i) => ({
        email: adminEmail,
        ipAddress: `203.0.113.${i % 4}`,
        createdAt: new Date(Date.now() - (35 - i) * 1000),
      })),
    );
    const [{ n } = { n: 0 }] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, adminEmail));
    expect(n).toBe(40);
    // The guesser is slowed to the longest wait...
    const guesser = await logIn(
      { email: adminEmail, password: 'guess-x-password' },
      { remoteAddress: '203.0.113.9' },
    );
    expect(guesser.statusCode).toBe(429);
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(800);
    // ...while the administrator, from the office, signs in at once.
    const chief = await logIn({ email: adminEmail, password }, { remoteAddress: office });
    expect(chief.statusCode).toBe(200);
    expect(chief.json().user.email).toBe(adminEmail);
    const rows = await app.database.db
      .select()
      .from(loginSuccesses)
      .where(eq(loginSuccesses.ipAddress, office));
    expect(rows).toHaveLength(1);
  });

  it('slows an address down after 20 failures across accounts; other addresses are not slowed', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 20; i += 1) {
      const r = await logIn({ email: `spray${i}@example.com`, password: 'guess-guess' }, { remoteAddress });
      expect(r.statusCode).toBe(401);
    }
    await createPasswordUser('victim@example.com');
    const slowed = await logIn({ email: 'victim@example.com', password }, { remoteAddress });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(1);
    expect((await logIn({ email: 'victim@example.com', password })).statusCode).toBe(200);
    await age({ ipAddress: remoteAddress }, 1000);
    expect((await logIn({ email: 'victim@example.com', password }, { remoteAddress })).statusCode).toBe(200);
    const [{ n } = { n: 0 }] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(eq(loginAttempts.ipAddress, remoteAddress));
    expect(n).toBe(20);
  });

  it('refuses a cross-origin POST (Origin or Sec-Fetch-Site) with 403 and stores nothing', async () => {
    const { cookie } = await createSignedInPasswordUser('csrf@example.com');
    const body = { firstName: 'E', lastName: 'Vil', email: 'csrf-new@example.com', password };
    const hostileHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example', cookie },
      { origin: 'null', cookie },
      { 'sec-fetch-site': 'cross-site', cookie },
      { 'sec-fetch-site': 'same-site', cookie },
      { origin: 'https://evil.example' },
    ];
    for (const headers of hostileHeaders) {
      const response = await signUp(body, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/another site/);
    }
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'csrf-new@example.com')),
    ).toHaveLength(0);
    // Same origin (the Host), same-origin fetch metadata, and no headers at all pass.
    const host = 'localhost:80';
    const ok = await signUp(body, { origin: `http://${host}`, host, 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a cross-origin write whatever the spelling of its path', async () => {
    await createPasswordUser('encoded@example.com');
    for (const url of [
      '/%61pi/auth/login',
      '/%61%70%69/auth/login',
      '/api/auth/%6Cogin',
      '//api/auth/login',
    ]) {
      const response = await inject({
        method: 'POST',
        url,
        payload: { email: 'encoded@example.com', password },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(sessionCookieOf(response), url).toBeUndefined();
    }
  });

  it('ignores a returnTo that points off-site', async () => {
    await createPasswordUser('return@example.com');
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'evil',
      '/api/logout',
    ]) {
      const response = await logIn({ email: 'return@example.com', password, returnTo });
      expect(response.statusCode).toBe(200);
      expect(response.json().redirectTo).toBe('/');
    }
    const redirect = await inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('//evil.example')}`,
    });
    expect(redirect.headers.location).toBe('/login');
    const kept = await inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('/dashboard/brands')}`,
    });
    expect(kept.statusCode).toBe(302);
    expect(kept.headers.location).toBe('/login?returnTo=%2Fdashboard%2Fbrands');
  });

  it('sends an already signed-in visitor of /api/login straight to returnTo', async () => {
    const { cookie } = await createSignedInPasswordUser('already@example.com');
    const response = await inject({
      method: 'GET',
      url: '/api/login?returnTo=/dashboard',
      headers: { cookie },
    });
    expect(response.headers.location).toBe('/dashboard');
  });

  it('answers malformed, oversized and hostile bodies with 4xx, never 500', async () => {
    const cases = [
      { payload: '{"email":', headers: { 'content-type': 'application/json' } },
      {
        payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
        headers: { 'content-type': 'application/json' },
      },
      { payload: JSON.stringify(['array']), headers: { 'content-type': 'application/json' } },
      {
        payload: JSON.stringify({ email: { $ne: 1 }, password: ['x'] }),
        headers: { 'content-type': 'application/json' },
      },
      {
        payload: 'email=a@b.co&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    ];
    for (const url of ['/api/auth/login', '/api/auth/signup']) {
      for (const c of cases) {
        const response = await inject({ method: 'POST', url, ...c });
        expect(response.statusCode, `${url} ${c.payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof response.json().message).toBe('string');
      }
    }
  });
});
