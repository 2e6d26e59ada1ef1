import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looksLikeLinkOrMarkup, scheduleDemoInputSchema } from '#contracts/demo.ts';
import { AppError } from '#server/errors.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { hourlySchedule, hourlySlotLabels } from '#tests/support/demo-schedule.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { addressKey, createDemoService, demoLimitMessages, type DemoLimits } from './service.ts';

/** Weekdays after the fixed clock's Monday 2 March 2026. */
const weekdays = [
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-09',
  '2026-03-10',
  '2026-03-11',
  '2026-03-12',
];

describe('demo booking limits and holds (decision 031)', () => {
  let database: TestDatabase;
  // Monday 2 March 2026, 10:00 AM PST; each test starts there on an empty table.
  const start = new Date('2026-03-02T18:00:00Z');
  let clock = start;
  let sent: MailMessage[] = [];
  let slotIndex = 0;
  /** A fresh, offered slot for every booking, so only the limits refuse. */
  const nextSlot = () => {
    const i = slotIndex;
    slotIndex += 1;
    return {
      date: weekdays[Math.floor(i / hourlySlotLabels.length) % weekdays.length]!,
      timeSlot: hourlySlotLabels[i % 8]!,
    };
  };
  const service = (limits: Partial<DemoLimits> = {}) =>
    createDemoService({
      db: database.db,
      jobs: {
        send: async (_job, payload) => {
          sent.push(payload as MailMessage);
          return 'job-id';
        },
      },
      schedule: hourlySchedule,
      mailFrom: 'Voicecart <hello@voicecart.test>',
      notifyEmail: 'sales@voicecart.test',
      limits: {
        perEmailPerDay: 3,
        perAddressPerDay: 10,
        perDay: 200,
        confirmAfterPerAddress: 5,
        confirmMinutes: 30,
        ...limits,
      },
      now: () => clock,
    });
  const book = (
    email: string,
    ipAddress: string,
    limits: Partial<DemoLimits> = {},
    slot: { date: string; timeSlot: string } = nextSlot(),
  ) =>
    service(limits).scheduleDemo(
      { name: 'Ada Lovelace', email, ...slot },
      { ipAddress, confirmUrlBase: 'https://app.voicecart.test' },
    );
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    clock = start;
    slotIndex = 0;
    await database.executeSql('delete from demo_bookings', []);
    sent = [];
  });

  it('an office behind one address books 5 demos at once; the 6th to 10th are held; the 11th is refused', async () => {
    const office = '203.0.113.10';
    for (let i = 0; i < 5; i += 1) {
      const booking = await book(`colleague${i}@office.example`, office);
      expect(booking.confirmBy).toBeUndefined();
    }
    // Five confirmations with invitations, five sales notifications.
    expect(sent.filter((m) => m.icalEvent)).toHaveLength(5);
    sent = [];
    for (let i = 5; i < 10; i += 1) {
      const booking = await book(`colleague${i}@office.example`, office);
      expect(new Date(booking.confirmBy!).getTime()).toBe(clock.getTime() + 30 * 60_000);
    }
    // A held booking mails only the confirmation link: no invitation, no sales notification yet.
    expect(sent).toHaveLength(5);
    expect(
      sent.every(
        (m) => !m.icalEvent && m.text.includes('https://app.voicecart.test/api/demo/confirm?token='),
      ),
    ).toBe(true);
    const eleventh = await refusal(book('colleague10@office.example', office));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.message).toBe(demoLimitMessages.address);
    // Another address is not slowed by the office's bookings.
    expect((await book('visitor@elsewhere.example', '198.51.100.7')).confirmBy).toBeUndefined();
  });

  it('one email books at most 3 a day, whatever the address and the case of the email', async () => {
    await book('Grace@example.com', '198.51.100.1');
    await book('grace@example.com', '198.51.100.2');
    await book('GRACE@EXAMPLE.COM', '198.51.100.3');
    const fourth = await refusal(book('grace@example.com', '198.51.100.4'));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.message).toBe(demoLimitMessages.email);
    // A day later the email may book again.
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000);
    await expect(book('grace@example.com', '198.51.100.4')).resolves.toBeTruthy();
  });

  it('everyone together books at most the daily ceiling', async () => {
    for (let i = 0; i < 3; i += 1) await book(`p${i}@example.com`, `198.51.100.${20 + i}`, { perDay: 3 });
    const fourth = await refusal(book('p3@example.com', '198.51.100.30', { perDay: 3 }));
    expect(fourth.message).toBe(demoLimitMessages.day);
  });

  it('an IPv6 /64 counts as one address', async () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    for (let i = 0; i < 5; i += 1) await book(`v6-${i}@example.com`, `2001:db8:1:2::${i + 1}`);
    expect((await book('v6-5@example.com', '2001:db8:1:2:aaaa::1')).confirmBy).toBeDefined();
  });

  it('20 simultaneous bookings from one address, each through its own service on one database: exactly the limit succeed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => book(`rush${i}@example.com`, '192.0.2.200')),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.statusCode === 429,
    );
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    const { rows } = await database.executeSql(
      `select count(*)::int as n from demo_bookings where ip_address = '192.0.2.200'`,
      [],
    );
    expect(Number(rows[0]!.n)).toBe(10);
  });

  it('a held slot is released when its hold ends unconfirmed, yet still counts for its address', async () => {
    const hoarder = '192.0.2.99';
    for (let i = 0; i < 5; i += 1) await book(`h${i}@throwaway.example`, hoarder);
    const slot = nextSlot();
    const held = await book('h5@throwaway.example', hoarder, {}, slot);
    expect(held.confirmBy).toBeDefined();
    expect(await service().listAvailableSlots(slot.date)).not.toContain(slot.timeSlot);
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent.at(-1)!.text)![1]!;

    clock = new Date(clock.getTime() + 31 * 60_000);
    expect(await service().listAvailableSlots(slot.date)).toContain(slot.timeSlot);
    expect(await service().confirmDemo(token)).toBe(false);
    // A real visitor takes the released slot.
    const taken = await book('real@buyer.example', '198.51.100.50', {}, slot);
    expect(taken.confirmBy).toBeUndefined();
    // The hoarder's released booking still counts: 6 made, 4 more allowed, all held.
    for (let i = 6; i < 10; i += 1)
      expect((await book(`h${i}@throwaway.example`, hoarder)).confirmBy).toBeDefined();
    expect((await refusal(book('h10@throwaway.example', hoarder))).statusCode).toBe(429);
  });

  it('confirming a held booking in time sends the invitation and the sales notification, once', async () => {
    for (let i = 0; i < 5; i += 1) await book(`c${i}@example.com`, '192.0.2.150');
    await book('c5@example.com', '192.0.2.150');
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent.at(-1)!.text)![1]!;
    sent = [];
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect(await service().confirmDemo(token)).toBe(true);
    expect(sent.map((m) => m.to).sort()).toEqual(['c5@example.com', 'sales@voicecart.test']);
    expect(sent.find((m) => m.to === 'c5@example.com')!.icalEvent).toBeDefined();
    // Confirmed: the hold no longer ends.
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect(await service().confirmDemo(token)).toBe(false);
    const { rows } = await database.executeSql(
      `select count(*)::int as n from demo_bookings where email = 'c5@example.com' and released_at is null and hold_until is null`,
      [],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('a name is plain text', () => {
  it.each([
    'Visit https://evil.example now',
    'Claim your refund at bit.ly/abc',
    'pay-now.com',
    'www.example.org',
    '<a href="x">Ada</a>',
    'Ada <script>',
    'ada@evil.example',
    'javascript:alert(1)',
  ])('refuses %j with a 400 naming the field', (name) => {
    expect(looksLikeLinkOrMarkup(name)).toBe(true);
    const parsed = scheduleDemoInputSchema.safeParse({
      name,
      email: 'a@example.com',
      date: '2026-03-03',
      timeSlot: '9:00 AM',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['name']);
  });

  it.each([
    'Ada Lovelace',
    'J. R. R. Tolkien',
    "Zoë O'Brien-Smith",
    'Dr. Who',
    '李小龙',
    'Mary-Jane St. Claire',
  ])('accepts %j', (name) => {
    expect(looksLikeLinkOrMarkup(name)).toBe(false);
  });
});
