import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createMailer } from '#server/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { runCli } from './run.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('admin command line', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  const env = { LOG_LEVEL: 'silent' };

  it('prints help listing every command', async () => {
    const { io, out } = capture();
    expect(await runCli(['--help'], io, { env, database })).toBe(0);
    expect(out.join('\n')).toMatch(/Usage: npm run admin -- <command>/);
    expect(out.join('\n')).toMatch(/outbox/);
  });

  it('answers a missing command with usage and exit 2', async () => {
    const { io, err } = capture();
    expect(await runCli([], io, { env, database })).toBe(2);
    expect(err.join('\n')).toMatch(/Usage:/);
  });

  it('answers an unknown command or option with usage and exit 2', async () => {
    const unknown = capture();
    expect(await runCli(['frobnicate'], unknown.io, { env, database })).toBe(2);
    expect(unknown.err.join('\n')).toContain('Unknown command "frobnicate"');
    const badOption = capture();
    expect(await runCli(['outbox', '--bogus'], badOption.io, { env, database })).toBe(2);
    expect(badOption.err.join('\n')).toMatch(/Usage: npm run admin -- outbox/);
    const badValue = capture();
    expect(await runCli(['outbox', '--limit', '0'], badValue.io, { env, database })).toBe(2);
    expect(badValue.err.join('\n')).toContain('--limit must be a whole number');
    const stray = capture();
    expect(await runCli(['outbox', 'extra'], stray.io, { env, database })).toBe(2);
  });

  it('shows mail that the outbox mailer wrote, newest first', async () => {
    const mailer = createMailer({
      from: 'Voicecart <hello@voicecart.app>',
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ to: 'old@example.com', subject: 'Older', text: 'first' });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your demo',
      text: 'See you then',
      icalEvent: {
        method: 'REQUEST',
        content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        filename: 'invite.ics',
      },
    });
    const { io, out } = capture();
    expect(await runCli(['outbox', '--limit', '1'], io, { env, database })).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('to ada@example.com');
    expect(text).toContain('Subject: Your demo');
    expect(text).toContain('invite.ics (text/calendar)');
    expect(text).not.toContain('Older');

    const raw = capture();
    await runCli(['outbox', '--limit', '1', '--raw'], raw.io, { env, database });
    expect(raw.out.join('\n')).toMatch(/Content-Type: text\/calendar/i);
    expect(raw.out.join('\n')).toMatch(/^From: Voicecart <hello@voicecart.app>$/m);
  });
});
