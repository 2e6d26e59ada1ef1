import { beforeEach, describe, expect, it } from 'vitest';
import { emailSubscriptions } from '#server/db/schema/index.ts';
import { useTestApp } from '#tests/support/test-app.ts';

describe('POST /api/email-subscribe', () => {
  let ipCounter = 0;
  // One app per file (starting one costs seconds); each test starts from an empty table.
  const app = useTestApp();
  beforeEach(async () => {
    await app.database.db.delete(emailSubscriptions);
  });

  // Each test speaks from its own client address so the per-address rate limit stays out of the way.
  const subscribe = (payload: unknown, remoteAddress = `10.0.0.${++ipCounter}`) =>
    app.app.inject({
      method: 'POST',
      url: '/api/email-subscribe',
      remoteAddress,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json' } }
        : { payload: payload as object }),
    });
  const rows = () => app.database.db.select().from(emailSubscriptions);

  it('stores the address trimmed and lower-cased and answers 201', async () => {
    const response = await subscribe({ email: '  Ada.Lovelace@Example.COM ', type: 'landing footer' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: 'ada.lovelace@example.com',
      type: 'landing footer',
      created: true,
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'ada.lovelace@example.com', type: 'landing footer' });
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('is idempotent: the same address again succeeds and keeps one row', async () => {
    expect((await subscribe({ email: 'same@example.com', type: 'landing footer' })).statusCode).toBe(201);
    const again = await subscribe({ email: 'SAME@example.com ', type: 'landing footer' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ email: 'same@example.com', created: false });
    expect(await rows()).toHaveLength(1);
  });

  it.each([
    ['a missing email', { type: 'landing footer' }, 'email'],
    ['an empty email', { email: '   ', type: 'landing footer' }, 'email'],
    ['an email without an @', { email: 'not-an-email', type: 'landing footer' }, 'email'],
    ['an email with spaces inside', { email: 'a b@example.com', type: 'landing footer' }, 'email'],
    ['an email that is not a string', { email: 42, type: 'landing footer' }, 'email'],
    [
      'an email over 254 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com`, type: 'landing footer' },
      'email',
    ],
    ['a missing type', { email: 'x@example.com' }, 'type'],
    ['an unknown type', { email: 'x@example.com', type: 'popup' }, 'type'],
    ['an unexpected field', { email: 'x@example.com', type: 'landing footer', admin: true }, ''],
  ])('rejects %s with a 400 naming the field and stores nothing', async (_label, payload, field) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(typeof body.message).toBe('string');
    expect(body.issues.length).toBeGreaterThan(0);
    if (field) expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await rows()).toHaveLength(0);
  });

  it('accepts an address of exactly 254 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    expect((await subscribe({ email, type: 'landing footer' })).statusCode).toBe(201);
  });

  it('answers 400 to malformed JSON and stores nothing', async () => {
    const response = await subscribe('{"email": "x@example.com", "type": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Malformed JSON/);
    expect(await rows()).toHaveLength(0);
  });

  it('answers 413 to a body over 16 KB and stores nothing', async () => {
    const response = await subscribe({
      email: 'big@example.com',
      type: 'landing footer',
      padding: 'x'.repeat(17 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Request body is too large');
    expect(await rows()).toHaveLength(0);
  });

  it('answers 429 with a message after 10 attempts a minute from one address', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i += 1) {
      const ok = await subscribe({ email: `burst${i}@example.com`, type: 'landing footer' }, address);
      expect(ok.statusCode).toBe(201);
    }
    const limited = await subscribe({ email: 'burst-extra@example.com', type: 'landing footer' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many requests/),
    });
    expect(await rows()).toHaveLength(10);
    // Another address is not affected.
    expect(
      (await subscribe({ email: 'other@example.com', type: 'landing footer' }, '192.0.2.78')).statusCode,
    ).toBe(201);
  });
});
