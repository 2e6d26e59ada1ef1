import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurity } from './security.ts';

/**
 * The exact security headers the app sent through @fastify/helmet 13 (recorded from it), so that building
 * helmet once (decision 016) provably changed none of them, on routes, 404s and errors alike.
 */
const csp =
  "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none';" +
  "object-src 'none'";
const common = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const expected = {
  http: { 'content-security-policy': csp, ...common },
  https: {
    'content-security-policy': `${csp};upgrade-insecure-requests`,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    ...common,
  },
};

async function headersOf(isHttps: boolean) {
  const app = Fastify();
  await registerSecurity(app, { isHttps });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const answers = await Promise.all(['/ok', '/missing', '/fails'].map((url) => app.inject({ url })));
  await app.close();
  return answers.map((answer) => {
    const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, ...headers } = answer.headers;
    return { status: answer.statusCode, headers };
  });
}

describe('security headers', () => {
  it('sends the same headers as before on a route, a 404 and an error, over http', async () => {
    expect(await headersOf(false)).toEqual([
      { status: 200, headers: expected.http },
      { status: 404, headers: expected.http },
      { status: 500, headers: expected.http },
    ]);
  });

  it('adds HSTS and upgrade-insecure-requests over https', async () => {
    expect(await headersOf(true)).toEqual([
      { status: 200, headers: expected.https },
      { status: 404, headers: expected.https },
      { status: 500, headers: expected.https },
    ]);
  });
});
