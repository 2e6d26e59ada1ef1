import { describe, expect, it } from 'vitest';
import {
  findFirstSelectableDay,
  formatPacificLongDate,
  getPacificToday,
  isSelectableDay,
  toPacificIsoDate,
} from './demo-calendar.ts';

// Also run under TZ=UTC and TZ=Asia/Tokyo (scripts/test-unit.mjs): the calendar is the Pacific one.
const at = (iso: string) => new Date(iso);

describe('the demo calendar (Pacific dates, whatever the visitor zone)', () => {
  it('"today" is the Pacific date, even when UTC and Tokyo are already on the next day', () => {
    // 11:00 PM PST on Monday 2 March 2026.
    expect(toPacificIsoDate(getPacificToday(at('2026-03-03T07:00:00Z')))).toBe('2026-03-02');
  });

  it('past days, Saturdays, Sundays and days beyond 365 are not selectable', () => {
    const today = getPacificToday(at('2026-03-03T20:00:00Z')); // Tue 3 Mar 2026, noon PST
    const day = (iso: string) => at(`${iso}T20:00:00Z`);
    expect(isSelectableDay(day('2026-03-02'), today)).toBe(false); // yesterday
    expect(isSelectableDay(day('2026-03-03'), today)).toBe(true); // today
    expect(isSelectableDay(day('2026-03-07'), today)).toBe(false); // Saturday
    expect(isSelectableDay(day('2026-03-08'), today)).toBe(false); // Sunday (the DST change)
    expect(isSelectableDay(day('2026-03-09'), today)).toBe(true);
    expect(isSelectableDay(day('2027-03-03'), today)).toBe(true); // 365 days ahead
    expect(isSelectableDay(day('2027-03-04'), today)).toBe(false);
  });

  it('opens on the first selectable day: a Saturday evening looks ahead to Monday, across a month end', () => {
    const saturday = getPacificToday(at('2026-10-31T23:00:00Z')); // Sat 31 Oct 2026, 4 PM PDT
    const first = findFirstSelectableDay(saturday)!;
    expect(toPacificIsoDate(first)).toBe('2026-11-02');
    expect(formatPacificLongDate(first)).toBe('Monday, November 2, 2026');
  });
});
