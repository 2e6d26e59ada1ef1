import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createLoggerOptions, describeStartup, redactUrl, startupWarnings } from './logging.ts';

const facts = {
  address: 'http://127.0.0.1:3000',
  databaseKind: 'pglite',
  mailTransport: 'outbox',
  hasAdministrator: false,
} as const;

describe('log format', () => {
  it('prints readable lines through pino-pretty at a terminal, JSON otherwise', () => {
    const config = loadConfig({ LOG_LEVEL: 'info' });
    expect(createLoggerOptions(config, { isTerminal: true }).transport).toMatchObject({
      target: 'pino-pretty',
    });
    expect(createLoggerOptions(config, { isTerminal: false }).transport).toBeUndefined();
    // Silent logging (tests) starts no worker thread, terminal or not.
    expect(
      createLoggerOptions(loadConfig({ LOG_LEVEL: 'silent' }), { isTerminal: true }).transport,
    ).toBeUndefined();
  });

  it('redacts cookies and credentials either way', () => {
    for (const isTerminal of [true, false]) {
      expect(createLoggerOptions(loadConfig({}), { isTerminal }).redact).toEqual({
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      });
    }
  });
});

describe('start-up lines', () => {
  it('say where the product is, the embedded database, the outbox, and to create the first account', () => {
    const lines = describeStartup(loadConfig({ DATA_DIR: '/srv/voicecart' }), facts);
    expect(lines).toEqual([
      'Voicecart is running at http://localhost:3000',
      'Database: embedded PGlite in /srv/voicecart/pglite (set DATABASE_URL for PostgreSQL)',
      'Mail: no SMTP_URL, so emails are kept in the outbox (read them with `npm run admin -- outbox`)',
      'Next: create the first account at http://localhost:3000/signup; it becomes the administrator',
      'Sample data: `npm run admin -- seed-demo --email <your account email>` (stop the server first: the embedded database admits one process at a time)',
    ]);
  });

  it('name PostgreSQL and SMTP by host only, never their users, passwords or query strings', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://app.example.com/',
      DATABASE_URL:
        'postgres://voice:db-s3cret@db.internal:6543/voicecart?sslmode=require&password=also-secret',
      SMTP_URL: 'smtps://mailer:smtp-s3cret@smtp.example.com:465',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    const lines = describeStartup(config, {
      ...facts,
      databaseKind: 'postgres',
      mailTransport: 'smtp',
      hasAdministrator: true,
    });
    expect(lines).toEqual([
      'Voicecart is running at https://app.example.com',
      'Database: PostgreSQL at db.internal:6543/voicecart',
      'Mail: sent through SMTP at smtp.example.com:465',
      'Next: sign in at https://app.example.com/login',
      'Sample data: `npm run admin -- seed-demo --email <your account email>`',
    ]);
    const text = lines.join('\n');
    for (const secret of [
      'db-s3cret',
      'also-secret',
      'smtp-s3cret',
      'voice:',
      'mailer',
      'sslmode',
      config.ENCRYPTION_KEY!.toString('base64'),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('point at OpenID Connect sign-in when it is configured', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'voicecart',
      OIDC_CLIENT_SECRET: 'oidc-s3cret',
    });
    const lines = describeStartup(config, facts);
    expect(lines[3]).toBe(
      'Next: create the first account at http://localhost:3000/api/login; it becomes the administrator',
    );
    expect(lines.join('\n')).not.toContain('oidc-s3cret');
  });
});

describe('URLs in the log', () => {
  it.each([
    ['/api/health', '/api/health'],
    ['/api/x?code=abc&state=def', '/api/x?code=[redacted]&state=[redacted]'],
    [
      '/api/webhooks/instagram?hub.verify_token=t&hub.challenge=1',
      '/api/webhooks/instagram?hub.verify_token=[redacted]&hub.challenge=[redacted]',
    ],
    ['/reset?a1b2c3d4', '/reset?[redacted]'],
    ['/x?=value&&flag=', '/x?[redacted]&&flag=[redacted]'],
    ['/x?items%5B0%5D=1&k=a=b', '/x?[redacted]&k=[redacted]'],
    [`/x?${'k'.repeat(41)}=1`, '/x?[redacted]'],
    ['/x?', '/x?'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('replaces Fastify’s request serializer with one that redacts the query', () => {
    const options = createLoggerOptions(loadConfig({}), { isTerminal: false });
    expect(
      options.serializers?.req?.({
        method: 'GET',
        url: '/api/callback?code=secret',
        host: 'app.example.com',
        ip: '203.0.113.9',
        socket: { remotePort: 51000 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/api/callback?code=[redacted]',
      host: 'app.example.com',
      remoteAddress: '203.0.113.9',
      remotePort: 51000,
    });
  });
});

describe('startup warnings', () => {
  it('warns in production when PUBLIC_URL is unset or not https, and not otherwise', () => {
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set/),
    ]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://app.example' }))).toEqual(
      [expect.stringMatching(/^PUBLIC_URL is not https/)],
    );
    expect(
      startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example' })),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });
});
