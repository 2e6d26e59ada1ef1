import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { createUnavailableSecretBox } from '#server/security/secret-box.ts';
import { createConnectionService } from './connections.ts';
import { createTestBrand, createTestUser, signInAs } from '#tests/support/test-app.ts';
import {
  createConnectedBrand,
  createInstagramHarness,
  type InstagramHarness,
} from '#tests/support/instagram.ts';

let harness: InstagramHarness;
const logLines: string[] = [];
let owner: { id: string; cookie: string };
let strangerCookie: string;
let unverifiedCookie: string;
let brandId: string;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  harness = await createInstagramHarness({ logStream, env: { LOG_LEVEL: 'trace' } });
  const db = harness.app.database.db;
  const user = await createTestUser(db);
  owner = { id: user.id, cookie: (await signInAs(db, user.id)).cookie };
  strangerCookie = (await signInAs(db, (await createTestUser(db)).id)).cookie;
  unverifiedCookie = (await signInAs(db, (await createTestUser(db, { verified: false })).id)).cookie;
  brandId = (await createTestBrand(db, { userId: user.id, name: 'Luna', username: 'luna' })).id;
});
afterAll(async () => {
  await harness?.close();
});

const inject = (options: {
  method: 'GET' | 'PUT' | 'DELETE';
  url: string;
  cookie?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}) =>
  harness.app.app.inject({
    method: options.method,
    url: options.url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });

/** The owner connects the brand's Instagram account: PUT with the account id and its token. */
const putInstagram = (payload: { accountId: string; accessToken?: string }) =>
  inject({ method: 'PUT', url: `/api/brands/${brandId}/instagram`, cookie: owner.cookie, payload });

describe('who may use the connection endpoints', () => {
  const endpoints = () =>
    [
      { method: 'GET', url: `/api/brands/${brandId}/instagram` },
      {
        method: 'PUT',
        url: `/api/brands/${brandId}/instagram`,
        payload: { accountId: '1', accessToken: 'x'.repeat(30) },
      },
      { method: 'DELETE', url: `/api/brands/${brandId}/instagram` },
      { method: 'GET', url: `/api/instagram/connect?brandId=${brandId}` },
    ] as const;

  it('401 signed out, 403 under review, 404 for another user’s brand', async () => {
    for (const endpoint of endpoints()) {
      expect((await inject(endpoint)).statusCode, endpoint.url).toBe(401);
      expect((await inject({ ...endpoint, cookie: unverifiedCookie })).statusCode, endpoint.url).toBe(403);
      const stranger = await inject({ ...endpoint, cookie: strangerCookie });
      expect(stranger.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(404);
    }
    expect((await inject({ method: 'GET', url: '/api/instagram/settings' })).statusCode).toBe(401);
  });

  it('403 for state-changing requests from another origin', async () => {
    for (const endpoint of endpoints().filter((e) => e.method !== 'GET')) {
      const response = await inject({
        ...endpoint,
        cookie: owner.cookie,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, endpoint.method).toBe(403);
    }
    expect(
      (await inject({ method: 'GET', url: `/api/brands/${brandId}/instagram`, cookie: owner.cookie })).json(),
    ).toMatchObject({
      status: 'not_connected',
    });
  });
});

describe('PUT /api/brands/{brandId}/instagram (a token from Meta’s dashboard)', () => {
  it('400 naming the field for bad input, never a 500 (fast-check)', async () => {
    const response = await putInstagram({ accountId: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['accessToken', 'accountId']);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (payload) => {
        const result = await inject({
          method: 'PUT',
          url: `/api/brands/${brandId}/instagram`,
          cookie: owner.cookie,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(result.statusCode).toBeGreaterThanOrEqual(400);
        expect(result.statusCode).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });

  it('400 with Instagram’s reason when the token is refused; nothing stored', async () => {
    const response = await putInstagram({
      accountId: '17841400000000099',
      accessToken: 'IGAAnot-a-real-token-at-all',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Session has expired/);
    expect(
      (
        await harness.app.database.executeSql(
          'select count(*)::int as n from instagram_connections where brand_id = $1',
          [brandId],
        )
      ).rows[0]!.n,
    ).toBe(0);
  });

  it('400 when the token belongs to another account', async () => {
    const account = harness.fake.addAccount({ accountId: '17841400000000123', username: 'someone' });
    const response = await putInstagram({ accountId: '17841400000000999', accessToken: account.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('accountId');
  });

  it('connects, subscribes to webhooks, answers without the token; the token is sealed in the database and absent from logs', async () => {
    const account = harness.fake.addAccount({ accountId: '17841400000000456', username: 'luna.skin' });
    const response = await putInstagram({ accountId: account.accountId, accessToken: account.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'connected',
      accountId: account.accountId,
      username: 'luna.skin',
      brandId,
    });
    expect(response.body).not.toContain(account.token);
    expect(
      harness.fake.calls.some((c) => c.path === '/me/subscribed_apps' && c.token === account.token),
    ).toBe(true);

    const { rows } = await harness.app.database.executeSql(
      'select * from instagram_connections where brand_id = $1',
      [brandId],
    );
    expect(JSON.stringify(rows)).not.toContain(account.token);
    expect(harness.app.secretBox.open(rows[0]!.access_token_sealed as string, 'instagram-token')).toBe(
      account.token,
    );
    const { rows: brand } = await harness.app.database.executeSql(
      'select instagram_connected from brands where id = $1',
      [brandId],
    );
    expect(brand[0]!.instagram_connected).toBe(true);
    // Every table's dump, not just the connection's.
    const { rows: dump } = await harness.app.database.executeSql(
      `select string_agg(t::text, '') as all_rows from (select * from instagram_connections) t`,
    );
    expect(String(dump[0]!.all_rows)).not.toContain(account.token);

    const status = await inject({
      method: 'GET',
      url: `/api/brands/${brandId}/instagram`,
      cookie: owner.cookie,
    });
    expect(status.body).not.toContain(account.token);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(account.token);
  });

  it('without an encryption key (PostgreSQL, ENCRYPTION_KEY unset) connecting is refused naming the variable; nothing stored', async () => {
    const service = createConnectionService({
      db: harness.app.database.db,
      graph: harness.app.channel.graph,
      secretBox: createUnavailableSecretBox(),
      log: harness.app.log,
    });
    const account = harness.fake.addAccount({ accountId: '17841400000000888', username: 'nokey' });
    const calls = harness.fake.calls.length;
    const error = await service
      .connectWithToken(owner.id, brandId, { accountId: account.accountId, accessToken: account.token })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).message).toContain('ENCRYPTION_KEY');
    expect(harness.fake.calls.length).toBe(calls);
  });

  it('409 when the account already belongs to another brand', async () => {
    const other = await createConnectedBrand(harness);
    const response = await putInstagram({
      accountId: other.account.accountId,
      accessToken: other.account.token,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/another brand/);
  });

  it('DELETE disconnects: the row goes, the brand shows not connected', async () => {
    const connected = await createConnectedBrand(harness);
    const response = await inject({
      method: 'DELETE',
      url: `/api/brands/${connected.brandId}/instagram`,
      cookie: connected.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/brands/${connected.brandId}/instagram`,
          cookie: connected.cookie,
        })
      ).json(),
    ).toMatchObject({
      status: 'not_connected',
    });
    const { rows } = await harness.app.database.executeSql(
      'select instagram_connected from brands where id = $1',
      [connected.brandId],
    );
    expect(rows[0]!.instagram_connected).toBe(false);
  });
});

describe('Instagram Login (OAuth)', () => {
  it('connect redirects with a sealed state; the callback exchanges short for long-lived and returns to the screen', async () => {
    const db = harness.app.database.db;
    const user = await createTestUser(db);
    const { cookie } = await signInAs(db, user.id);
    const brand = await createTestBrand(db, { userId: user.id, name: 'OAuth brand', username: 'oauthbrand' });
    const account = harness.fake.addAccount({ accountId: '17841400000000777', username: 'oauth.shop' });
    harness.fake.nextAuthorizationFor(account.accountId);

    const start = await inject({ method: 'GET', url: `/api/instagram/connect?brandId=${brand.id}`, cookie });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('client_id')).toBe('test-app-id');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/api\/instagram\/callback$/);
    const state = authorize.searchParams.get('state')!;

    // Instagram's side: the login page sends the browser back with a code.
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!.replace(/#_$/, ''));
    const done = await inject({ method: 'GET', url: `/api/instagram/callback${callback.search}`, cookie });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/dashboard/instagram?instagram=connected&brandId=${brand.id}`);
    const status = (await inject({ method: 'GET', url: `/api/brands/${brand.id}/instagram`, cookie })).json();
    expect(status).toMatchObject({
      status: 'connected',
      accountId: account.accountId,
      username: 'oauth.shop',
    });
    expect(new Date(status.tokenExpiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    // A tampered state, or another user's session, is refused.
    const tampered = await inject({
      method: 'GET',
      url: `/api/instagram/callback?code=abc&state=${state.slice(0, -2)}xx`,
      cookie,
    });
    expect(tampered.headers.location).toMatch(/instagram=error/);
    const other = await inject({
      method: 'GET',
      url: `/api/instagram/callback?code=abc&state=${encodeURIComponent(state)}`,
      cookie: strangerCookie,
    });
    expect(other.headers.location).toMatch(/instagram=error.*another\+session/);
  });

  it('settings give the operator wiring (callback URL, verify token) to administrators only', async () => {
    const user = await inject({ method: 'GET', url: '/api/instagram/settings', cookie: owner.cookie });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ oauthAvailable: true, humanAgentTag: false, operator: null });
    expect(user.body).not.toContain('test-verify-token');
    expect(user.body).not.toContain('/api/webhooks/instagram');
    const db = harness.app.database.db;
    const admin = await createTestUser(db, { role: 'admin' });
    const adminCookie = (await signInAs(db, admin.id)).cookie;
    const response = await inject({ method: 'GET', url: '/api/instagram/settings', cookie: adminCookie });
    expect(response.json()).toEqual({
      oauthAvailable: true,
      humanAgentTag: false,
      operator: {
        callbackUrl: expect.stringMatching(/\/api\/webhooks\/instagram$/),
        verifyToken: 'test-verify-token',
        webhooksConfigured: true,
      },
    });
  });
});

describe('token lifecycle', () => {
  it('refreshes tokens at least 24 h old that expire within 10 days; leaves fresh ones; 190 means needs_reconnect', async () => {
    const due = await createConnectedBrand(harness);
    const fresh = await createConnectedBrand(harness);
    const revoked = await createConnectedBrand(harness);
    const db = harness.app.database;
    await db.executeSql(
      `update instagram_connections set token_refreshed_at = now() - interval '55 days', token_expires_at = now() + interval '5 days' where brand_id = any($1::uuid[])`,
      [[due.brandId, revoked.brandId]],
    );
    await db.executeSql(
      `update instagram_connections set token_refreshed_at = now() - interval '2 hours', token_expires_at = now() + interval '5 days' where brand_id = $1`,
      [fresh.brandId],
    );
    const sealedBefore = (
      await db.executeSql('select access_token_sealed from instagram_connections where brand_id = $1', [
        due.brandId,
      ])
    ).rows[0]!;
    harness.fake.calls.length = 0;
    // The revoked account's refresh answers 190: make its token unknown to the fake.
    await db.executeSql(`update instagram_connections set access_token_sealed = $1 where brand_id = $2`, [
      harness.app.secretBox.seal('revoked-token-xyz', 'instagram-token'),
      revoked.brandId,
    ]);
    const result = await harness.app.channel.connections.refreshDueTokens();
    expect(result).toMatchObject({ refreshed: 1, needsReconnect: 1 });
    const refreshCalls = harness.fake.calls.filter((c) => c.path === '/refresh_access_token');
    expect(refreshCalls.map((c) => c.token).sort()).toEqual([due.account.token, 'revoked-token-xyz'].sort());

    const { rows } = await db.executeSql('select * from instagram_connections where brand_id = $1', [
      due.brandId,
    ]);
    expect(rows[0]!.access_token_sealed).not.toBe(sealedBefore.access_token_sealed);
    expect(new Date(rows[0]!.token_expires_at as string).getTime()).toBeGreaterThan(
      Date.now() + 59 * 86_400_000,
    );
    const reopened = harness.app.secretBox.open(rows[0]!.access_token_sealed as string, 'instagram-token');
    expect((await harness.app.channel.graph.getMe(reopened)).accountId).toBe(due.account.accountId);

    const { rows: revokedRows } = await db.executeSql(
      'select status from instagram_connections where brand_id = $1',
      [revoked.brandId],
    );
    expect(revokedRows[0]!.status).toBe('needs_reconnect');
  });
});
