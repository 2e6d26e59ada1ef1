import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesFrom,
  daysInRange,
  firstOfMonth,
  isoDateSchema,
  startOfUtcDay,
  utcDayOf,
  wholeMonthsOf,
} from './calendar.ts';

describe('calendar dates', () => {
  it('reads an instant as its UTC day, whatever the machine’s zone', () => {
    expect(utcDayOf(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(utcDayOf(new Date('2026-11-28T00:30:00+01:00'))).toBe('2026-11-27');
    expect(startOfUtcDay('2026-11-27').toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });

  it('steps across months, leap days and years', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -366)).toBe('2024-12-31');
    expect(addDays('2026-11-27', 0)).toBe('2026-11-27');
  });

  it('counts a range with both ends, and lists its dates in order', () => {
    expect(daysInRange('2026-11-27', '2026-11-27')).toBe(1);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
    expect(daysInRange('2026-11-28', '2026-11-27')).toBe(0);
    expect(datesFrom('2028-02-27', '2028-03-01')).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(datesFrom('2026-11-28', '2026-11-27')).toEqual([]);
    expect(datesFrom('2026-01-01', '2026-12-31')).toHaveLength(daysInRange('2026-01-01', '2026-12-31'));
  });

  it('finds the first day of a month, or of a later or earlier one', () => {
    expect(firstOfMonth('2026-11-27')).toBe('2026-11-01');
    expect(firstOfMonth('2026-12-31', 1)).toBe('2027-01-01');
    expect(firstOfMonth('2026-01-15', -1)).toBe('2025-12-01');
    expect(firstOfMonth('2026-11-01', 13)).toBe('2027-12-01');
  });

  it('splits a range into its whole months and the days around them', () => {
    expect(wholeMonthsOf('2026-11-03', '2026-11-20')).toEqual({
      months: null,
      days: [['2026-11-03', '2026-11-20']],
    });
    expect(wholeMonthsOf('2026-11-01', '2026-11-30')).toEqual({
      months: ['2026-11-01', '2026-11-01'],
      days: [],
    });
    expect(wholeMonthsOf('2026-10-15', '2027-01-10')).toEqual({
      months: ['2026-11-01', '2026-12-01'],
      days: [
        ['2026-10-15', '2026-10-31'],
        ['2027-01-01', '2027-01-10'],
      ],
    });
    expect(wholeMonthsOf('2028-02-01', '2028-02-29')).toEqual({
      months: ['2028-02-01', '2028-02-01'],
      days: [],
    });
    expect(wholeMonthsOf('2028-02-01', '2028-02-28')).toEqual({
      months: null,
      days: [['2028-02-01', '2028-02-28']],
    });
    // Every day of the range once, in the months or in the days around them.
    for (const [from, to] of [
      ['2026-01-31', '2026-03-01'],
      ['2025-12-01', '2026-12-31'],
      ['2026-06-30', '2026-07-01'],
    ] as const) {
      const { months, days } = wholeMonthsOf(from, to);
      const covered = [
        ...days.flatMap(([a, b]) => datesFrom(a, b)),
        ...(months ? datesFrom(months[0], addDays(firstOfMonth(months[1], 1), -1)) : []),
      ].sort();
      expect(covered).toEqual(datesFrom(from, to));
    }
  });

  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isoDateSchema.safeParse('2028-02-29').success).toBe(true);
    for (const bad of [
      '2027-02-29',
      '2026-13-01',
      '2026-11-31',
      '2026-1-05',
      '27/11/2026',
      '2026-11-27T00:00',
    ])
      expect(isoDateSchema.safeParse(bad).success, bad).toBe(false);
    expect(isoDateSchema.safeParse('2026-1-05').error?.issues[0]?.message).toBe('Use the form YYYY-MM-DD');
    expect(isoDateSchema.safeParse('2027-02-29').error?.issues[0]?.message).toBe('Not a calendar date');
  });
});
