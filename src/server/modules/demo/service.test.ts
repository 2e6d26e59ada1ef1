import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { createDemoService, parseMailbox } from './service.ts';

describe('demo service with a fixed clock', () => {
  let database: TestDatabase;
  const sent: { message: MailMessage; inTransaction: boolean }[] = [];
  // Monday 2 March 2026, 10:00 AM PST.
  const now = () => new Date('2026-03-02T18:00:00Z');
  const service = () =>
    createDemoService({
      db: database.db,
      jobs: {
        send: async (_job, payload, options) => {
          sent.push({ message: payload as MailMessage, inTransaction: Boolean(options?.tx) });
          return 'job-id';
        },
      },
      schedule: { times: ['09:00', '10:00', '11:00', '16:00'], minutes: 30 },
      mailFrom: '"Voicecart Sales" <sales@voicecart.test>',
      now,
    });
  const contact = { name: 'Ada Lovelace', email: 'ada@example.com', company: '', phone: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('today offers only slots that have not started', async () => {
    expect(await service().listAvailableSlots('2026-03-02')).toEqual(['11:00 AM', '4:00 PM']);
    expect(await service().listAvailableSlots('2026-03-01')).toEqual([]);
  });

  it('refuses a slot that has started (400 naming timeSlot)', async () => {
    const error = await service()
      .scheduleDemo({ ...contact, date: '2026-03-02', timeSlot: '10:00 AM' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).issues?.[0]?.path).toBe('timeSlot');
    expect(sent).toEqual([]);
  });

  it('books the Monday after the DST change at 16:00Z and enqueues the email in the transaction', async () => {
    const booking = await service().scheduleDemo({ ...contact, date: '2026-03-09', timeSlot: '9:00 AM' });
    expect(booking.startsAt).toBe('2026-03-09T16:00:00.000Z');
    expect(sent).toHaveLength(1);
    const [{ message, inTransaction }] = sent as [(typeof sent)[number]];
    expect(inTransaction).toBe(true);
    expect(message.subject).toBe('Your Voicecart demo: Monday, March 9, 2026 at 9:00 AM PST');
    const ics = message.icalEvent!.content.replace(/\r\n /g, '');
    expect(ics).toContain('DTSTAMP:20260302T180000Z');
    expect(ics).toContain('DTSTART:20260309T160000Z');
    expect(ics).toContain('DTEND:20260309T163000Z');
    expect(ics).toContain(`UID:${booking.id}@voicecart.test`);
    expect(ics).toContain('ORGANIZER;CN="Voicecart Sales":mailto:sales@voicecart.test');
    expect(await service().listAvailableSlots('2026-03-09')).toEqual(['10:00 AM', '11:00 AM', '4:00 PM']);
  });

  it('turns the unique violation into 409', async () => {
    const error = await service()
      .scheduleDemo({ ...contact, date: '2026-03-09', timeSlot: '9:00 AM' })
      .catch((e: unknown) => e);
    expect((error as AppError).statusCode).toBe(409);
  });
});

describe('helpers', () => {
  it('parses MAIL_FROM', () => {
    expect(parseMailbox('Voicecart <hello@voicecart.app>')).toEqual({
      name: 'Voicecart',
      email: 'hello@voicecart.app',
    });
    expect(parseMailbox('hello@voicecart.app')).toEqual({
      name: 'hello@voicecart.app',
      email: 'hello@voicecart.app',
    });
  });
});
