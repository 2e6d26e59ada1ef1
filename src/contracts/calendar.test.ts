import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesFrom,
  daysInRange,
  firstOfMonth,
  isoDateSchema,
  startOfUtcDay,
  utcDayOf,
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
