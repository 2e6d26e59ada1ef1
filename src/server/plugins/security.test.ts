import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurity } from './security.ts';

/**
 * The exact security headers. Pages get what the app sent through @fastify/helmet 13 (recorded from it), so that
 * building helmet once (decision 016) provably changed none of them; every other answer (JSON, 404s and errors
 * alike) gets the headers that matter for a resource that is not a page (decision 062).
 */
const csp =
  "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none';" +
  "object-src 'none'";
const pageCommon = {
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
const answer = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
const expected = {
  http: { page: { 'content-security-policy': csp, ...pageCommon }, answer },
  https: {
    page: { 'content-security-policy': `${csp};upgrade-insecure-requests`, ...hsts, ...pageCommon },
    answer: { ...answer, ...hsts },
  },
};

async function headersOf(isHttps: boolean) {
  const app = Fastify();
  await registerSecurity(app, { isHttps });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html>'));
  app.get('/asset', async (_request, reply) => reply.type('text/javascript').send('console.log(1)'));
  const answers = await Promise.all(
    ['/ok', '/missing', '/fails', '/asset', '/page'].map((url) => app.inject({ url })),
  );
  await app.close();
  return answers.map((answer) => {
    const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, ...headers } = answer.headers;
    return { status: answer.statusCode, headers };
  });
}

describe('security headers', () => {
  it.each([
    { over: 'http', isHttps: false, set: expected.http },
    // HSTS on both, upgrade-insecure-requests on pages.
    { over: 'https', isHttps: true, set: expected.https },
  ])(
    'sends the page headers with HTML and the answer headers with JSON, 404s, errors and assets, over $over',
    async ({ isHttps, set: { page, answer } }) => {
      expect(await headersOf(isHttps)).toEqual([
        { status: 200, headers: answer },
        { status: 404, headers: answer },
        { status: 500, headers: answer },
        { status: 200, headers: answer },
        { status: 200, headers: page },
      ]);
    },
  );
});
