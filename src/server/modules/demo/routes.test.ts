import { describe, expect, it } from 'vitest';
import { slotTakenMessage } from '#contracts/demo.ts';
import { hourlySlotLabels } from '#tests/support/demo-schedule.ts';
import { useTestApp } from '#tests/support/test-app.ts';
import { countDemoBookings } from './queries.ts';
import { addDays } from '#contracts/calendar.ts';
import { calendarDateAt, dayOfWeek } from './slots.ts';

/** The n-th weekday (Pacific calendar) at least two days from now, so no slot has started. */
function futureWeekday(n = 0): string {
  let date = addDays(calendarDateAt(new Date()), 2);
  let found = -1;
  for (;;) {
    const weekday = dayOfWeek(date);
    if (weekday !== 0 && weekday !== 6) found += 1;
    if (found === n) return date;
    date = addDays(date, 1);
  }
}

function nextSaturday(): string {
  let date = addDays(calendarDateAt(new Date()), 1);
  while (dayOfWeek(date) !== 6) date = addDays(date, 1);
  return date;
}

let ipCounter = 0;
/** Each request from its own address, as from different visitors (the route is rate-limited per address). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 65536) % 256}.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`;
};

describe('demo scheduling API', () => {
  const valid = () => ({
    date: futureWeekday(0),
    timeSlot: '10:00 AM',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    phone: '+1 (415) 555-0100',
  });

  const post = (body: unknown, remoteAddress = nextIp()) =>
    app.app.inject({ method: 'POST', url: '/api/demo/schedule', payload: body as object, remoteAddress });
  const getSlots = (query: string) =>
    app.app.inject({ method: 'GET', url: `/api/demo/available-slots${query}`, remoteAddress: nextIp() });
  const emailJobs = async () => {
    const { rows } = await app.database.executeSql(
      `select data from pgboss.job where name = 'send-email' order by created_on`,
      [],
    );
    return rows.map(
      (row) =>
        (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
          to: string;
          subject: string;
          text: string;
          icalEvent?: { content: string };
        },
    );
  };

  const app = useTestApp({ env: { DEMO_NOTIFY_EMAIL: 'sales@voicecart.test' } });

  describe('GET /api/demo/available-slots', () => {
    it('offers the eight default slots on a future weekday', async () => {
      const response = await getSlots(`?date=${futureWeekday(3)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        availableSlots: hourlySlotLabels,
      });
    });

    it('answers an empty list for a Saturday, a past date and a date beyond 365 days', async () => {
      const today = calendarDateAt(new Date());
      for (const date of [
        nextSaturday(),
        addDays(today, -1),
        '2020-01-06',
        addDays(today, 366),
        addDays(today, 400),
      ]) {
        const response = await getSlots(`?date=${date}`);
        expect(response.statusCode, date).toBe(200);
        expect(response.json(), date).toEqual({ availableSlots: [] });
      }
    });

    it.each([
      ['?date=2026-02-30'],
      ['?date=tomorrow'],
      [''],
      ['?date='],
      ['?date=2026-1-5'],
      ['?date=2026-01-05T00:00'],
    ])('answers 400 naming the date for %s', async (query) => {
      const response = await getSlots(query);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toMatch(/date/i);
      expect(body.issues.map((i: { path: string }) => i.path)).toContain('date');
    });
  });

  describe('POST /api/demo/schedule validation', () => {
    const cases: [string, (body: Record<string, unknown>) => unknown, string][] = [
      ['missing date', ({ date: _d, ...rest }) => rest, 'date'],
      ['impossible date', (b) => ({ ...b, date: '2026-02-30' }), 'date'],
      ['date as a word', (b) => ({ ...b, date: 'tomorrow' }), 'date'],
      ['date as a number', (b) => ({ ...b, date: 20260302 }), 'date'],
      ['missing timeSlot', ({ timeSlot: _t, ...rest }) => rest, 'timeSlot'],
      ['a slot not in the schedule', (b) => ({ ...b, timeSlot: '8:00 AM' }), 'timeSlot'],
      ['a slot on a Saturday', (b) => ({ ...b, date: nextSaturday() }), 'timeSlot'],
      ['a slot in the past', (b) => ({ ...b, date: '2020-01-06' }), 'timeSlot'],
      [
        'a slot beyond 365 days',
        (b) => ({ ...b, date: addDays(calendarDateAt(new Date()), 400) }),
        'timeSlot',
      ],
      ['a very long timeSlot', (b) => ({ ...b, timeSlot: 'x'.repeat(5000) }), 'timeSlot'],
      ['missing name', ({ name: _n, ...rest }) => rest, 'name'],
      ['blank name', (b) => ({ ...b, name: '   ' }), 'name'],
      ['name over 200 characters', (b) => ({ ...b, name: 'a'.repeat(201) }), 'name'],
      ['name with a line break', (b) => ({ ...b, name: 'Eve\r\nBcc: x@evil.test' }), 'name'],
      ['missing email', ({ email: _e, ...rest }) => rest, 'email'],
      ['email without @', (b) => ({ ...b, email: 'ada.example.com' }), 'email'],
      [
        'email with a header injection',
        (b) => ({ ...b, email: 'ada@example.com\r\nBcc: x@evil.test' }),
        'email',
      ],
      ['email over 254 characters', (b) => ({ ...b, email: `${'a'.repeat(250)}@example.com` }), 'email'],
      ['company over 200 characters', (b) => ({ ...b, company: 'c'.repeat(201) }), 'company'],
      ['company as an object', (b) => ({ ...b, company: { $ne: 1 } }), 'company'],
      ['phone with letters', (b) => ({ ...b, phone: '555-CALL-NOW' }), 'phone'],
      ['phone with markup', (b) => ({ ...b, phone: '<script>' }), 'phone'],
      ['phone over 40 characters', (b) => ({ ...b, phone: '1'.repeat(41) }), 'phone'],
    ];

    it.each(cases)('%s: 400 naming %s, nothing booked', async (_label, change, field) => {
      const response = await post(change(valid()));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
      expect(body.message).toEqual(expect.any(String));
      expect(await countDemoBookings(app.database.db)).toBe(0);
      expect(await emailJobs()).toEqual([]);
    });

    it('refuses malformed JSON, a non-object body and an oversized body with 4xx, nothing booked', async () => {
      const malformed = await app.app.inject({
        method: 'POST',
        url: '/api/demo/schedule',
        headers: { 'content-type': 'application/json' },
        payload: '{"date": "2026-',
        remoteAddress: nextIp(),
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/Malformed JSON/);
      expect((await post([valid()])).statusCode).toBe(400);
      const huge = await post({ ...valid(), company: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      expect(await countDemoBookings(app.database.db)).toBe(0);
    });
  });

  describe('booking', () => {
    it('books a slot (201), enqueues the confirmation and the sales notification with it, and stops offering it', async () => {
      const date = futureWeekday(1);
      const response = await post({
        ...valid(),
        date,
        timeSlot: '9:00 AM',
        name: '  Grace Hopper  ',
        email: 'grace@example.com',
        company: '',
        phone: '',
      });
      expect(response.statusCode).toBe(201);
      const booking = response.json();
      expect(booking).toEqual({
        id: expect.any(String),
        date,
        timeSlot: '9:00 AM',
        startsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T1[67]:00:00\.000Z$/),
        name: 'Grace Hopper',
        email: 'grace@example.com',
      });

      const slots = (await getSlots(`?date=${date}`)).json().availableSlots;
      expect(slots).not.toContain('9:00 AM');
      expect(slots).toHaveLength(7);

      const jobs = await emailJobs();
      const confirmation = jobs.find((job) => job.to === 'grace@example.com');
      expect(confirmation?.subject).toMatch(/9:00 AM PST/);
      expect(confirmation?.text).toContain('9:00 AM PST');
      expect(confirmation?.icalEvent?.content).toContain('BEGIN:VEVENT');
      expect(confirmation?.icalEvent?.content).toContain(
        `DTSTART:${booking.startsAt.replace(/[-:]/g, '').replace('.000', '')}`,
      );
      const notification = jobs.find((job) => job.to === 'sales@voicecart.test');
      expect(notification?.text).toContain('Grace Hopper <grace@example.com>');
      expect(notification?.text).toContain('Company: (not given)');
    });

    it('answers 409 with a human message for a slot that is already booked', async () => {
      const date = futureWeekday(2);
      expect((await post({ ...valid(), date, timeSlot: '2:00 PM' })).statusCode).toBe(201);
      const before = (await emailJobs()).length;
      const second = await post({ ...valid(), date, timeSlot: '2:00 PM', email: 'someone@example.com' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: slotTakenMessage, code: 'CONFLICT' });
      expect((await emailJobs()).length).toBe(before);
    });

    it('of 50 simultaneous requests for one slot exactly one gets 201, the rest 409, and one email is queued', async () => {
      const date = futureWeekday(4);
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post({ ...valid(), date, timeSlot: '11:00 AM', email: `racer${i}@example.com` }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of responses.filter((x) => x.statusCode === 409))
        expect(r.json().message).toBe(slotTakenMessage);
      const winner = responses.find((r) => r.statusCode === 201)!.json();
      const racerJobs = (await emailJobs()).filter((job) => job.to.startsWith('racer'));
      expect(racerJobs.map((job) => job.to)).toEqual([winner.email]);
      const { rows } = await app.database.executeSql(
        `select count(*)::int as n from demo_bookings where date = $1 and time_slot = $2`,
        [date, '11:00 AM'],
      );
      expect(rows[0]?.n).toBe(1);
    }, 60_000);

    it('a malformed booking is a 400 that counts against no limit; the 11th booking in a minute is a 429', async () => {
      const ip = '192.0.2.77';
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await post({ ...valid(), name: '' }, ip)).statusCode);
      expect(statuses.every((s) => s === 400)).toBe(true);
      const link = await post({ ...valid(), name: 'Refund at https://pay.example/x' }, ip);
      expect(link.statusCode).toBe(400);
      expect(link.json().issues).toEqual([
        { path: 'name', message: 'must be plain text, without links or markup' },
      ]);
      // Ten real bookings from the address (the 6th on are held for confirmation), then the per-minute limit.
      const booked: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const response = await post(
          {
            ...valid(),
            date: futureWeekday(30 + Math.floor(i / 8)),
            timeSlot: hourlySlotLabels[i % 8],
            email: `office${i}@example.com`,
          },
          ip,
        );
        booked.push(response.statusCode);
      }
      expect(booked).toEqual(Array(10).fill(201));
      const limited = await post({ ...valid(), date: futureWeekday(32), email: 'office10@example.com' }, ip);
      expect(limited.statusCode).toBe(429);
    });

    it('a held booking is confirmed through the page its email links to, and only once', async () => {
      const ip = '192.0.2.88';
      const slots = ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM'];
      for (let i = 0; i < 5; i += 1) {
        const ok = await post(
          { ...valid(), date: futureWeekday(40), timeSlot: slots[i], email: `team${i}@example.com` },
          ip,
        );
        expect(ok.json().confirmBy).toBeUndefined();
      }
      const held = await post(
        { ...valid(), date: futureWeekday(40), timeSlot: slots[5], email: 'team5@example.com' },
        ip,
      );
      expect(held.statusCode).toBe(201);
      expect(held.json().confirmBy).toEqual(expect.any(String));
      const mail = (await emailJobs()).filter((m) => m.to === 'team5@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.icalEvent).toBeUndefined();
      const link = /http:\/\/localhost:80(\/api\/demo\/confirm\?token=[A-Za-z0-9_-]+)/.exec(
        mail[0]!.text,
      )![1]!;
      const token = new URL(link, 'http://x').searchParams.get('token')!;

      // Opening the link only shows the form (a mail scanner fetching it confirms nothing).
      const page = await app.app.inject({ method: 'GET', url: link, remoteAddress: ip });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`name="token" value="${token}"`);
      expect((await emailJobs()).filter((m) => m.to === 'team5@example.com')).toHaveLength(1);

      const confirm = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/demo/confirm',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token }).toString(),
          remoteAddress: ip,
        });
      const first = await confirm();
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Your demo is confirmed');
      const after = (await emailJobs()).filter((m) => m.to === 'team5@example.com');
      expect(after).toHaveLength(2);
      expect(after[1]!.icalEvent).toBeDefined();
      const again = await confirm();
      expect(again.statusCode).toBe(410);
      const bad = await app.app.inject({
        method: 'GET',
        url: '/api/demo/confirm?token=short',
        remoteAddress: ip,
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
