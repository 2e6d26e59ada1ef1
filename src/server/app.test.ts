import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/support/test-app.ts';

describe('the HTTP app', () => {
  const app = useTestApp();

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'No API route GET /api/does-not-exist' });
  });

  it('reports health with the database kind', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: app.database.kind });
  });

  it('sends security headers with a content security policy that lets an answer load nothing', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the request log', () => {
  const secret = 'S3CRET-4b1e9d';
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  // The most verbose level: a line any level writes, this one writes too, so no secret may reach any of them.
  const app = useTestApp({ logStream, env: { LOG_LEVEL: 'trace' } });
  beforeAll(async () => {
    app.app.get('/api/test-crash', async () => {
      throw new Error('the handler failed');
    });
    app.app.get('/api/test-log-request', async (request) => {
      // Any code that logs the request goes through the same serializer as Fastify's own error lines.
      request.log.warn({ req: request }, 'a line with the request in it');
      return { ok: true };
    });
    app.app.get(
      '/api/test-response-hook-fails',
      {
        onResponse: async () => {
          throw new Error('an onResponse hook failed');
        },
      },
      async () => ({ ok: true }),
    );
  });

  /** The JSON lines logged while `run` ran. */
  async function logged(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const from = lines.length;
    await run();
    // pino writes synchronously to a plain stream, but the 'request completed' line follows the answer.
    await new Promise((done) => setImmediate(done));
    return lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it.each([
    ['the Instagram login callback', `/api/instagram/callback?code=${secret}%23_&state=${secret}`, 302],
    [
      'the Shopify install callback',
      `/api/shopify/callback?code=${secret}&hmac=${secret}&shop=a.myshopify.com&state=${secret}`,
      404,
    ],
    [
      'the OpenID Connect callback',
      `/api/callback?code=${secret}&state=${secret}&iss=https%3A%2F%2Fid.example`,
      404,
    ],
    [
      'the Instagram webhook handshake',
      `/api/webhooks/instagram?hub.mode=subscribe&hub.verify_token=${secret}&hub.challenge=${secret}`,
      403,
    ],
    ['a product search', `/api/brands/00000000-0000-4000-8000-000000000000/store/find?q=${secret}`, 401],
  ])('logs %s with its path and query keys, never the values', async (_name, url, status) => {
    const entries = await logged(async () => {
      const response = await app.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
    });
    expect(JSON.stringify(entries)).not.toContain(secret);
    const completed = entries.find((entry) => entry.msg === 'request completed');
    const path = url.split('?')[0]!;
    const keys = [...new URLSearchParams(url.split('?')[1]).keys()];
    expect(completed).toMatchObject({
      method: 'GET',
      url: `${path}?${keys.map((key) => `${key}=[redacted]`).join('&')}`,
      statusCode: status,
    });
  });

  it('logs a failing request (500) with its path and the error, never the query values', async () => {
    const entries = await logged(async () => {
      const response = await app.app.inject({ method: 'GET', url: `/api/test-crash?token=${secret}` });
      expect(response.statusCode).toBe(500);
    });
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(entries.find((entry) => entry.msg === 'unhandled error')).toMatchObject({
      level: 50,
      err: { message: 'the handler failed' },
    });
    expect(entries.find((entry) => entry.msg === 'request completed')).toMatchObject({
      url: '/api/test-crash?token=[redacted]',
      statusCode: 500,
    });
  });

  it('logs an error after the answer (an onResponse hook) with its path, never the query values', async () => {
    const entries = await logged(() =>
      app.app.inject({ method: 'GET', url: `/api/test-response-hook-fails?code=${secret}` }),
    );
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(entries.find((entry) => entry.msg === 'request errored')).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/api/test-response-hook-fails?code=[redacted]',
      err: { message: 'an onResponse hook failed' },
    });
  });

  it('redacts the query of any request logged as `req`, and logs no cookie or authorization header', async () => {
    const entries = await logged(() =>
      app.app.inject({
        method: 'GET',
        url: `/api/test-log-request?state=${secret}&${secret}`,
        // Not a Bearer key (that is answered 401 before any route runs; see below): an authorization header
        // of another scheme reaches the route, and is not logged either.
        headers: { cookie: `session=${secret}`, authorization: `Basic ${secret}` },
      }),
    );
    expect(JSON.stringify(entries)).not.toContain(secret);
    const refused = await logged(() =>
      app.app.inject({
        method: 'GET',
        url: `/api/test-log-request?state=${secret}`,
        headers: { authorization: `Bearer ${secret}` },
      }),
    );
    expect(JSON.stringify(refused)).not.toContain(secret);
    expect(entries.find((entry) => entry.msg === 'a line with the request in it')).toMatchObject({
      req: { method: 'GET', url: '/api/test-log-request?state=[redacted]&[redacted]' },
    });
  });
});
