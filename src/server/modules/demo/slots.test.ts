import { describe, expect, it } from 'vitest';
import { addDays } from '#contracts/calendar.ts';
import {
  calendarDateAt,
  findDateRejection,
  formatLongDate,
  formatSlotLabel,
  listAvailableSlots,
  listOfferedSlots,
  listScheduledSlots,
  zonedWallTimeToInstant,
  type DemoSchedule,
} from './slots.ts';
import { hourlySchedule as hourly, hourlySlotLabels } from '#tests/support/demo-schedule.ts';

// These tests also run under TZ=UTC and TZ=Asia/Tokyo (scripts/test-unit.mjs): nothing may depend on the
// machine's zone.
const iso = (date: Date) => date.toISOString();

describe('zonedWallTimeToInstant (America/Los_Angeles)', () => {
  it('reads winter times as PST (UTC-8) and summer times as PDT (UTC-7)', () => {
    expect(iso(zonedWallTimeToInstant('2026-01-15', '09:00'))).toBe('2026-01-15T17:00:00.000Z');
    expect(iso(zonedWallTimeToInstant('2026-07-15', '09:00'))).toBe('2026-07-15T16:00:00.000Z');
  });

  it('on 2026-03-08 (23-hour day) moves the skipped 2:00-3:00 AM hour forward', () => {
    expect(iso(zonedWallTimeToInstant('2026-03-08', '01:30'))).toBe('2026-03-08T09:30:00.000Z'); // PST
    // 2:30 AM never happens: 'compatible' gives 3:30 AM PDT.
    expect(iso(zonedWallTimeToInstant('2026-03-08', '02:30'))).toBe('2026-03-08T10:30:00.000Z');
    expect(iso(zonedWallTimeToInstant('2026-03-08', '03:30'))).toBe('2026-03-08T10:30:00.000Z'); // PDT
    expect(iso(zonedWallTimeToInstant('2026-03-08', '09:00'))).toBe('2026-03-08T16:00:00.000Z');
  });

  it('on 2026-11-01 (25-hour day) resolves the repeated 1:00-2:00 AM hour to the earlier instant', () => {
    expect(iso(zonedWallTimeToInstant('2026-11-01', '00:30'))).toBe('2026-11-01T07:30:00.000Z'); // PDT
    // 1:30 AM happens at 08:30Z (PDT) and again at 09:30Z (PST): the earlier one.
    expect(iso(zonedWallTimeToInstant('2026-11-01', '01:30'))).toBe('2026-11-01T08:30:00.000Z');
    expect(iso(zonedWallTimeToInstant('2026-11-01', '02:30'))).toBe('2026-11-01T10:30:00.000Z'); // PST
    expect(iso(zonedWallTimeToInstant('2026-11-01', '09:00'))).toBe('2026-11-01T17:00:00.000Z');
  });
});

describe('listScheduledSlots across the 2026 DST changes', () => {
  const nightAndDay: DemoSchedule = { times: ['00:30', '01:30', '02:30', '09:00', '16:00'], minutes: 30 };

  it('23-hour day: every slot lasts 30 real minutes and keeps its wall-clock label', () => {
    const slots = listScheduledSlots('2026-03-08', nightAndDay);
    expect(slots.map((s) => s.timeSlot)).toEqual(['12:30 AM', '1:30 AM', '2:30 AM', '9:00 AM', '4:00 PM']);
    expect(slots.map((s) => iso(s.startsAt))).toEqual([
      '2026-03-08T08:30:00.000Z',
      '2026-03-08T09:30:00.000Z',
      '2026-03-08T10:30:00.000Z',
      '2026-03-08T16:00:00.000Z',
      '2026-03-08T23:00:00.000Z',
    ]);
    for (const slot of slots) expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('25-hour day: 9:00 AM is 17:00Z (PST) although midnight was still PDT', () => {
    const slots = listScheduledSlots('2026-11-01', nightAndDay);
    expect(slots.map((s) => iso(s.startsAt))).toEqual([
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T08:30:00.000Z',
      '2026-11-01T10:30:00.000Z',
      '2026-11-01T17:00:00.000Z',
      '2026-11-02T00:00:00.000Z',
    ]);
  });

  it('the weekdays around each change use the right offset', () => {
    expect(iso(listScheduledSlots('2026-03-06', hourly)[0]!.startsAt)).toBe('2026-03-06T17:00:00.000Z'); // Fri, PST
    expect(iso(listScheduledSlots('2026-03-09', hourly)[0]!.startsAt)).toBe('2026-03-09T16:00:00.000Z'); // Mon, PDT
    expect(iso(listScheduledSlots('2026-10-30', hourly)[7]!.startsAt)).toBe('2026-10-30T23:00:00.000Z'); // Fri, PDT
    expect(iso(listScheduledSlots('2026-11-02', hourly)[7]!.startsAt)).toBe('2026-11-03T00:00:00.000Z'); // Mon, PST
  });
});

describe('listAvailableSlots', () => {
  const mondayMorning = new Date('2026-03-02T08:00:00Z'); // Mon 2 Mar 2026, 12:00 AM PST

  it('offers the eight default slots, written 9:00 AM to 4:00 PM', () => {
    expect(listAvailableSlots('2026-03-03', hourly, mondayMorning, [])).toEqual(hourlySlotLabels);
  });

  it('offers nothing on Saturdays and Sundays, including the DST Sundays', () => {
    for (const date of ['2026-03-07', '2026-03-08', '2026-10-31', '2026-11-01']) {
      expect(listAvailableSlots(date, hourly, mondayMorning, [])).toEqual([]);
    }
    expect(findDateRejection('2026-03-07', mondayMorning)).toBe('weekend');
  });

  it('leaves out booked slots', () => {
    expect(listAvailableSlots('2026-03-03', hourly, mondayMorning, ['9:00 AM', '4:00 PM'])).toHaveLength(6);
  });

  it('today: leaves out slots that have started (a slot starting right now has started)', () => {
    const tenAm = new Date('2026-03-02T18:00:00Z'); // 10:00 AM PST
    expect(listAvailableSlots('2026-03-02', hourly, tenAm, [])[0]).toBe('11:00 AM');
    const justBeforeTen = new Date(tenAm.getTime() - 1);
    expect(listAvailableSlots('2026-03-02', hourly, justBeforeTen, [])[0]).toBe('10:00 AM');
    const evening = new Date('2026-03-03T01:00:00Z'); // 5:00 PM PST Monday
    expect(listAvailableSlots('2026-03-02', hourly, evening, [])).toEqual([]);
  });

  it('uses the Pacific calendar for "today" and "past", not UTC or the machine zone', () => {
    // 11:00 PM PST on Monday 2 Mar is already Tuesday in UTC and in Tokyo.
    const lateMonday = new Date('2026-03-03T07:00:00Z');
    expect(calendarDateAt(lateMonday)).toBe('2026-03-02');
    expect(findDateRejection('2026-03-02', lateMonday)).toBeNull();
    expect(listAvailableSlots('2026-03-03', hourly, lateMonday, [])).toHaveLength(8);
    expect(findDateRejection('2026-03-01', lateMonday)).toBe('past');
  });

  it('offers a date exactly 365 days ahead, and nothing a day later', () => {
    const now = new Date('2026-03-03T20:00:00Z'); // Tue 3 Mar 2026, 12:00 PM PST
    expect(addDays('2026-03-03', 365)).toBe('2027-03-03'); // a Wednesday
    expect(listAvailableSlots('2027-03-03', hourly, now, [])).toHaveLength(8);
    expect(listAvailableSlots('2027-03-04', hourly, now, [])).toEqual([]);
    expect(findDateRejection('2027-03-04', now)).toBe('beyond-horizon');
  });

  it('the horizon counts calendar days across a leap day', () => {
    expect(addDays('2027-03-01', 365)).toBe('2028-02-29');
  });

  it('respects a configured schedule', () => {
    const schedule: DemoSchedule = { times: ['08:30', '13:15'], minutes: 45 };
    const slots = listOfferedSlots('2026-03-03', schedule, mondayMorning);
    expect(slots.map((s) => s.timeSlot)).toEqual(['8:30 AM', '1:15 PM']);
    expect(slots[1]!.endsAt.getTime() - slots[1]!.startsAt.getTime()).toBe(45 * 60_000);
  });
});

describe('labels', () => {
  it('formats 12-hour slot labels', () => {
    expect(['00:15', '09:00', '12:00', '13:30', '23:59'].map(formatSlotLabel)).toEqual([
      '12:15 AM',
      '9:00 AM',
      '12:00 PM',
      '1:30 PM',
      '11:59 PM',
    ]);
  });
  it('formats long dates without shifting the day', () => {
    expect(formatLongDate('2026-03-09')).toBe('Monday, March 9, 2026');
    expect(formatLongDate('2026-12-31')).toBe('Thursday, December 31, 2026');
  });
});
