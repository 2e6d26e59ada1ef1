import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  passwordResetDoneMessage,
  passwordResetInvalidLinkMessage,
  passwordResetSentMessage,
  passwordResetTooManyMessage,
} from '#contracts/auth.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { mailOutbox, passwordResetRequests, passwordResetTokens, users } from '#server/db/schema/index.ts';
import { newestMailTo } from '#tests/support/outbox.ts';
import { createTestUser, signInAs, useTestApp } from '#tests/support/test-app.ts';
import {
  createPasswordResetService,
  MAX_RESETS_PER_ADDRESS,
  MAX_RESETS_PER_EMAIL,
} from './password-reset.ts';

const oldPassword = 'correct horse battery';
const newPassword = 'a brand new password';
let addressCounter = 0;
/** Each test its own client address, so the per-address limit of one test does not leak into another. */
const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe('forgot password', () => {
  const post = (
    url: string,
    payload: object,
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    app.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: extra.remoteAddress ?? nextAddress(),
      headers: extra.headers ?? {},
    });
  const ask = (email: string, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    post('/api/auth/password-reset', { email }, extra);
  const confirm = (token: string, password: string, cookie?: string) =>
    post('/api/auth/password-reset/confirm', { token, password }, cookie ? { headers: { cookie } } : {});
  const logIn = (email: string, password: string) => post('/api/auth/login', { email, password });

  async function passwordUser(email: string) {
    return createTestUser(app.database.db, { email, passwordHash: await hashPassword(oldPassword) });
  }

  /** The token of the newest reset email to `email`, read from the link in its text. */
  async function tokenMailedTo(email: string, count = 1): Promise<string> {
    const newest = await newestMailTo(app.database.db, email, count);
    expect(newest.subject).toBe('Set a new Voicecart password');
    const match = /http:\/\/127\.0\.0\.1:3999\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(newest.text);
    expect(match, newest.text).not.toBeNull();
    return match![1]!;
  }

  const app = useTestApp({ workers: true, env: { PUBLIC_URL: 'http://127.0.0.1:3999' } });
  beforeAll(async () => {
    await createTestUser(app.database.db, { email: 'owner@example.com', role: 'admin' });
  });

  it('answers the same for an address with an account and one without; only the account gets a link', async () => {
    await passwordUser('has-account@example.com');
    const known = await ask(' Has-Account@Example.com ');
    const unknown = await ask('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: passwordResetSentMessage });
    expect(unknown.json()).toEqual(known.json());
    await tokenMailedTo('has-account@example.com');
    const tokens = await app.database.db.select().from(passwordResetTokens);
    expect(tokens.every((t) => t.tokenHash.length === 64)).toBe(true);
    // Only the hash is stored: the mailed token itself appears nowhere in the table.
    const token = await tokenMailedTo('has-account@example.com');
    expect(tokens.some((t) => t.tokenHash === token)).toBe(false);
    // Both requests were counted (the limits do not tell accounts apart either).
    const requests = await app.database.db.select().from(passwordResetRequests);
    expect(requests.map((r) => r.email).sort()).toEqual([
      'has-account@example.com',
      'nobody-here@example.com',
    ]);
    expect(
      await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody-here@example.com')),
    ).toEqual([]);
  });

  it('the link points at the configured address, whatever Host the request claims', async () => {
    await passwordUser('host-header@example.com');
    expect((await ask('host-header@example.com', { headers: { host: 'evil.example' } })).statusCode).toBe(
      200,
    );
    await tokenMailedTo('host-header@example.com');
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'host-header@example.com'));
    expect(mail!.text).not.toContain('evil.example');
  });

  it('sets the new password once, signs out every other session, keeps the one doing the reset, and refuses reuse', async () => {
    const user = await passwordUser('reset-me@example.com');
    const other = await signInAs(app.database.db, user.id);
    const here = await signInAs(app.database.db, user.id);
    expect((await ask('reset-me@example.com')).statusCode).toBe(200);
    const token = await tokenMailedTo('reset-me@example.com');

    const done = await confirm(token, newPassword, here.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: passwordResetDoneMessage });
    expect((await logIn('reset-me@example.com', oldPassword)).statusCode).toBe(401);
    expect((await logIn('reset-me@example.com', newPassword)).statusCode).toBe(200);
    const me = (cookie: string) =>
      app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect((await me(other.cookie)).statusCode).toBe(401);
    expect((await me(here.cookie)).statusCode).toBe(200);

    // Used once: the same link again is refused and changes nothing.
    const again = await confirm(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(passwordResetInvalidLinkMessage);
    expect((await logIn('reset-me@example.com', newPassword)).statusCode).toBe(200);
  });

  it('a newer link and a used one: using one retires every other link of the account', async () => {
    await passwordUser('two-links@example.com');
    await ask('two-links@example.com');
    const first = await tokenMailedTo('two-links@example.com', 1);
    await ask('two-links@example.com');
    const second = await tokenMailedTo('two-links@example.com', 2);
    expect(second).not.toBe(first);
    expect((await confirm(second, newPassword)).statusCode).toBe(200);
    expect((await confirm(first, 'another password 2')).statusCode).toBe(400);
    expect((await logIn('two-links@example.com', newPassword)).statusCode).toBe(200);
  });

  it('refuses an expired link (after an hour) and a link this server never sent', async () => {
    const user = await passwordUser('expired@example.com');
    const service = createPasswordResetService({
      db: app.database.db,
      jobs: app.jobs,
      appUrl: 'http://127.0.0.1:3999',
    });
    await service.request('expired@example.com', nextAddress(), new Date(Date.now() - 61 * 60 * 1000));
    const token = await tokenMailedTo('expired@example.com');
    const expired = await confirm(token, newPassword);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(passwordResetInvalidLinkMessage);

    const foreign = await confirm('A'.repeat(43), newPassword);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(passwordResetInvalidLinkMessage);
    const malformed = await confirm('not-a-token', newPassword);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual([expect.objectContaining({ path: 'token' })]);
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([expect.objectContaining({ path: 'password' })]);
    expect((await logIn('expired@example.com', oldPassword)).statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('two uses of one link at once change the password once', async () => {
    await passwordUser('race@example.com');
    await ask('race@example.com');
    const token = await tokenMailedTo('race@example.com');
    const results = await Promise.all([
      confirm(token, 'first racer password'),
      confirm(token, 'second racer password'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'first racer password' : 'second racer password';
    expect((await logIn('race@example.com', winner)).statusCode).toBe(200);
  });

  it('limits requests per address typed (account or not) and per client address, counted in the database', async () => {
    const address = nextAddress();
    await passwordUser('limited@example.com');
    for (let i = 0; i < MAX_RESETS_PER_EMAIL; i += 1) {
      expect((await ask('limited@example.com', { remoteAddress: nextAddress() })).statusCode).toBe(200);
      expect((await ask('limited-nobody@example.com', { remoteAddress: nextAddress() })).statusCode).toBe(
        200,
      );
    }
    const overKnown = await ask('limited@example.com', { remoteAddress: nextAddress() });
    const overUnknown = await ask('limited-nobody@example.com', { remoteAddress: nextAddress() });
    expect(overKnown.statusCode).toBe(429);
    expect(overKnown.json().message).toBe(passwordResetTooManyMessage);
    expect(overUnknown.statusCode).toBe(429);
    expect(overUnknown.json()).toEqual(overKnown.json());
    // Mails stop at the limit.
    await tokenMailedTo('limited@example.com', MAX_RESETS_PER_EMAIL);
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'limited@example.com'));
    expect(mails).toHaveLength(MAX_RESETS_PER_EMAIL);

    for (let i = 0; i < MAX_RESETS_PER_ADDRESS; i += 1) {
      expect((await ask(`spray-${i}@example.com`, { remoteAddress: address })).statusCode).toBe(200);
    }
    expect((await ask('spray-last@example.com', { remoteAddress: address })).statusCode).toBe(429);
    const counted = await app.database.db
      .select()
      .from(passwordResetRequests)
      .where(and(eq(passwordResetRequests.ipAddress, address)));
    // A refused request is rolled back: the count is of requests let through, so a flood stays refused.
    expect(counted).toHaveLength(MAX_RESETS_PER_ADDRESS);
  });

  it('an account that signs in only through OpenID Connect gets no link (no password to reset)', async () => {
    await createTestUser(app.database.db, {
      email: 'oidc-only@example.com',
      oidcSubject: 'https://id.example|42',
    });
    expect((await ask('oidc-only@example.com')).json()).toEqual({ message: passwordResetSentMessage });
    const tokens = await app.database.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(users.email, 'oidc-only@example.com'));
    expect(tokens).toEqual([]);
  });
});
