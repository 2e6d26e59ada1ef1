import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import {
  BatchedLogDestination,
  createLoggerOptions,
  describeStartup,
  redactUrl,
  startupWarnings,
} from './logging.ts';

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

describe('batched log destination', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const logFile = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'voicecart-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'server.log');
    const fd = openSync(file, 'w');
    return { fd, read: () => readFileSync(file, 'utf8') };
  };
  const messages = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('keeps info lines until flushed, then writes them in order', () => {
    const file = logFile();
    const destination = new BatchedLogDestination({ fd: file.fd, flushEveryMs: 60_000 });
    const log = pino({ level: 'info' }, destination);
    log.info('first');
    log.child({ reqId: 'req-1' }).info('second');
    expect(file.read()).toBe('');
    log.flush();
    expect(messages(file.read())).toEqual(['first', 'second']);
    destination.end();
  });

  it('writes a warning or an error at once, with the lines queued before it', () => {
    const file = logFile();
    const destination = new BatchedLogDestination({ fd: file.fd, flushEveryMs: 60_000 });
    const log = pino({ level: 'info' }, destination);
    log.info('request completed');
    log.warn('disk almost full');
    expect(messages(file.read())).toEqual(['request completed', 'disk almost full']);
    log.info('another request');
    log.error(new Error('boom'), 'the job failed');
    expect(messages(file.read())).toEqual([
      'request completed',
      'disk almost full',
      'another request',
      'the job failed',
    ]);
    destination.end();
  });

  it('writes by itself once its batch size has gathered', () => {
    const file = logFile();
    const destination = new BatchedLogDestination({ fd: file.fd, minLength: 4096, flushEveryMs: 60_000 });
    const log = pino({ level: 'info' }, destination);
    const line = 'x'.repeat(200);
    for (let index = 0; index < 25; index += 1) log.info({ index }, line);
    // About 280 bytes a line: the 15th line makes 4 KiB and goes out with the 14 before it; the rest waits.
    expect(messages(file.read())).toHaveLength(15);
    log.flush();
    expect(messages(file.read())).toHaveLength(25);
    destination.end();
  });

  it('writes on a timer when the server is quiet', async () => {
    const file = logFile();
    const destination = new BatchedLogDestination({ fd: file.fd, flushEveryMs: 50 });
    pino({ level: 'info' }, destination).info('one quiet request');
    expect(file.read()).toBe('');
    await expect.poll(() => messages(file.read()), { timeout: 2_000 }).toEqual(['one quiet request']);
    destination.end();
  });

  it.each([
    ['process.exit', 'process.exit(3)', 3],
    ['an uncaught error', "setImmediate(() => { throw new Error('crashed') })", 1],
  ])('standard output gets the queued lines when the process ends by %s', (_how, ending, code) => {
    const script = [
      "import pino from 'pino';",
      "import { stdoutLogDestination } from './src/server/logging.ts';",
      "const log = pino({ level: 'info' }, stdoutLogDestination());",
      "log.info('the last request before the end');",
      ending,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.status).toBe(code);
    expect(messages(child.stdout)).toEqual(['the last request before the end']);
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
