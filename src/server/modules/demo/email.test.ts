import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '#tests/support/test-app.ts';
import { findMimePart, startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server.ts';
import { addDays } from '#contracts/calendar.ts';
import { calendarDateAt, dayOfWeek } from './slots.ts';

describe('demo confirmation email over real SMTP', () => {
  let smtp: FakeSmtpServer;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const app = useTestApp(() => ({
    // Retries after 1 s, 2 s... instead of 30 s, 60 s... (the same policy, faster).
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Voicecart <hello@voicecart.test>',
      JOB_RETRY_DELAY_SECONDS: '1',
    },
    workers: true,
  }));

  it('is retried while the SMTP server refuses, then delivered with the PST time and the .ics invitation', async () => {
    let date = addDays(calendarDateAt(new Date()), 3);
    while ([0, 6].includes(dayOfWeek(date))) date = addDays(date, 1);
    smtp.refuseNext(2);

    const response = await app.app.inject({
      method: 'POST',
      url: '/api/demo/schedule',
      payload: {
        date,
        timeSlot: '3:00 PM',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: '',
        phone: '',
      },
    });
    expect(response.statusCode).toBe(201);
    const booking = response.json();

    await vi.waitFor(() => expect(smtp.messages.some((m) => m.to.includes('ada@example.com'))).toBe(true), {
      timeout: 25_000,
      interval: 100,
    });
    expect(smtp.refusedCount).toBe(2);
    const mail = smtp.messages.find((m) => m.to.includes('ada@example.com'))!;
    expect(mail.from).toBe('hello@voicecart.test');

    const text = findMimePart(mail.raw, 'text/plain');
    expect(text).toContain('3:00 PM PST');
    expect(mail.raw).toMatch(/^Subject: Your Voicecart demo: .*3:00 PM PST/m);

    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = findMimePart(mail.raw, 'text/calendar');
    expect(ics).not.toBeNull();
    const lines = ics!.replace(/\r\n /g, '').split('\r\n');
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');
    expect(lines).toContain(`DTSTART:${utc(booking.startsAt)}`);
    expect(lines).toContain(
      `DTEND:${utc(new Date(Date.parse(booking.startsAt) + 30 * 60_000).toISOString())}`,
    );
    expect(lines).toContain(`UID:${booking.id}@voicecart.test`);
    expect(lines).toContain('ORGANIZER;CN="Voicecart":mailto:hello@voicecart.test');
    expect(
      lines.some((l) => l.startsWith('ATTENDEE;CN="Ada Lovelace"') && l.endsWith(':mailto:ada@example.com')),
    ).toBe(true);
    expect(mail.raw).toMatch(/filename="?voicecart-demo\.ics"?/);

    // The job finished after two failed tries. The worker marks it completed only after the SMTP
    // server has accepted the mail, so the state is awaited rather than read once.
    await vi.waitFor(
      async () => {
        const { rows } = await app.database.executeSql(
          `select state, retry_count from pgboss.job where name = 'send-email' and data->>'to' = $1`,
          ['ada@example.com'],
        );
        expect(rows).toEqual([{ state: 'completed', retry_count: 2 }]);
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 40_000);
});
