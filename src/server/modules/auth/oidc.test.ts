import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { SESSION_COOKIE } from '#server/auth/sessions.ts';
import { createTestUser, useTestApp } from '#tests/support/test-app.ts';
import { startFakeOidcProvider, type FakeOidcProvider } from '#tests/fakes/oidc-provider.ts';

const publicUrl = 'http://127.0.0.1:3999';
const redirectUri = `${publicUrl}/api/callback`;

describe('OpenID Connect sign-in against a real provider on 127.0.0.1', () => {
  let provider: FakeOidcProvider;

  beforeAll(async () => {
    provider = await startFakeOidcProvider({ redirectUri });
  });
  afterAll(async () => {
    await provider?.close();
  });
  const app = useTestApp(() => ({
    env: {
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  }));

  /** GET /api/login, then the provider's pages; returns the callback URL and the flow cookie. */
  async function startAndAuthorize(login: string, returnTo = '/dashboard/brands') {
    const start = await app.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    const flowCookie = start.cookies.find((c) => c.name === 'vc_oidc')!;
    expect(flowCookie).toMatchObject({ httpOnly: true, path: '/api/callback', sameSite: 'Lax', maxAge: 600 });
    const callback = await provider.authorize(authorizationUrl.toString(), login);
    return { authorizationUrl, callback, cookie: `vc_oidc=${flowCookie.value}` };
  }

  const finish = (callback: URL, cookie: string) =>
    app.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });

  it('sends /api/login to the provider with PKCE (S256), state and nonce', async () => {
    const start = await app.app.inject({ method: 'GET', url: '/api/login' });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('makes the first account of an instance without an administrator its administrator', async () => {
    provider.accounts.set('zoe', { email: 'zoe@example.com', email_verified: true, given_name: 'Zoe' });
    const { callback, cookie } = await startAndAuthorize('zoe');
    expect((await finish(callback, cookie)).statusCode).toBe(302);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'zoe@example.com'));
    expect(row).toMatchObject({ role: 'admin', verified: true });
  });

  it('creates the user from the claims on first sign-in, pending review, and returns to returnTo', async () => {
    provider.accounts.set('alice', {
      email: 'Alice@Example.com',
      email_verified: true,
      given_name: 'Alice',
      family_name: 'Liddell',
      picture: 'https://images.example/alice.png',
    });
    const { callback, cookie } = await startAndAuthorize('alice');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const done = await finish(callback, cookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/dashboard/brands');
    const session = done.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await app.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    expect(me.json()).toMatchObject({
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Liddell',
      profileImageUrl: 'https://images.example/alice.png',
      verified: false,
      role: 'user',
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    expect(row?.oidcSubject).toBe(`${provider.issuer}|alice`);
    expect(row?.passwordHash).toBeNull();
  });

  it('updates the same user from changed claims on the next sign-in, with a new session id', async () => {
    const [before] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.oidcSubject, `${provider.issuer}|alice`));
    provider.accounts.set('alice', {
      email: 'alice@example.com',
      email_verified: true,
      given_name: 'Alicia',
      family_name: 'Liddell-Hart',
      picture: 'https://images.example/alicia.png',
    });
    const first = await startAndAuthorize('alice', '/');
    const done = await finish(first.callback, first.cookie);
    expect(done.headers.location).toBe('/');
    const second = await startAndAuthorize('alice', '/');
    const again = await finish(second.callback, second.cookie);
    const token = (r: typeof done) => r.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(token(again)).not.toBe(token(done));
    const [after] = await app.database.db.select().from(users).where(eq(users.id, before!.id));
    expect(after).toMatchObject({
      firstName: 'Alicia',
      lastName: 'Liddell-Hart',
      profileImageUrl: 'https://images.example/alicia.png',
    });
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'alice@example.com')),
    ).toHaveLength(1);
  });

  it('links an existing password account only when the provider verified the email', async () => {
    await createTestUser(app.database.db, {
      email: 'bob@example.com',
      passwordHash: await hashPassword('bob password 1'),
    });
    provider.accounts.set('bob-unverified', {
      email: 'bob@example.com',
      email_verified: false,
      given_name: 'Mallory',
    });
    const refused = await startAndAuthorize('bob-unverified');
    const response = await finish(refused.callback, refused.cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?signInError=email-taken&returnTo=%2Fdashboard%2Fbrands');
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const [unchanged] = await app.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    expect(unchanged).toMatchObject({ oidcSubject: null, firstName: 'Test' });

    provider.accounts.set('bob', { email: 'bob@example.com', email_verified: true, given_name: 'Bob' });
    const linked = await startAndAuthorize('bob');
    expect((await finish(linked.callback, linked.cookie)).statusCode).toBe(302);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    expect(row).toMatchObject({ oidcSubject: `${provider.issuer}|bob`, firstName: 'Bob' });
  });

  it('sends a forged state, a missing flow cookie or a replay back to sign-in with a message, signed out', async () => {
    provider.accounts.set('carol', { email: 'carol@example.com', email_verified: true });
    const { callback, cookie } = await startAndAuthorize('carol');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const badState = await finish(forged, cookie);
    expect(badState.statusCode).toBe(302);
    expect(badState.headers.location).toBe('/login?signInError=failed&returnTo=%2Fdashboard%2Fbrands');
    expect(badState.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const noCookie = await finish(callback, '');
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/login?signInError=expired');
    // The refused attempts never reached the provider's token endpoint; once exchanged, a code is single-use.
    const done = await finish(callback, cookie);
    expect(done.headers.location).toBe('/dashboard/brands');
    const replay = await finish(callback, cookie);
    expect(replay.headers.location).toBe('/login?signInError=failed&returnTo=%2Fdashboard%2Fbrands');
    expect(replay.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(
      await app.database.db.select().from(users).where(eq(users.email, 'carol@example.com')),
    ).toHaveLength(1);
  });

  it('sends a provider refusal (error=access_denied) back to sign-in with its message', async () => {
    const { callback, cookie } = await startAndAuthorize('carol', '/');
    const denied = new URL(callback);
    denied.search = new URLSearchParams({
      error: 'access_denied',
      state: callback.searchParams.get('state')!,
    }).toString();
    const response = await finish(denied, cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?signInError=refused');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('sends an identity without an email back to sign-in, creating nothing', async () => {
    provider.accounts.set('nomail', { given_name: 'Nemo' });
    const before = await app.database.db.select().from(users);
    const { callback, cookie } = await startAndAuthorize('nomail', '/');
    const response = await finish(callback, cookie);
    expect(response.headers.location).toBe('/login?signInError=no-email');
    expect(await app.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('answers any callback query or flow cookie with a redirect to sign-in, never a 5xx or JSON', async () => {
    const text = fc.string({ maxLength: 80 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(text, text, { maxKeys: 5 }), fc.option(text), async (query, cookie) => {
        const response = await app.app.inject({
          method: 'GET',
          url: `/api/callback?${new URLSearchParams(query)}`,
          // One address per run: the callback's per-address limit is not what this checks.
          remoteAddress: `10.77.${Math.floor(++run / 250)}.${run % 250}`,
          headers: cookie === null ? {} : { cookie: `vc_oidc=${encodeURIComponent(cookie)}` },
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toMatch(/^\/login\?signInError=(expired|refused|failed)(&|$)/);
      }),
      { numRuns: 100 },
    );
  });

  it('ignores an off-site returnTo through the provider round trip', async () => {
    provider.accounts.set('dave', { email: 'dave@example.com', email_verified: true });
    const { callback, cookie } = await startAndAuthorize('dave', 'https://evil.example/');
    expect((await finish(callback, cookie)).headers.location).toBe('/');
  });
});
