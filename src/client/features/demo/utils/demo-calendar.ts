import { TZDate } from '@date-fns/tz';
import { addDays, format, isWeekend, startOfDay } from 'date-fns';

/** All times are PST (the IANA zone America/Los_Angeles), weekdays only, 365 days ahead. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';
export const BOOKING_HORIZON_DAYS = 365;

/** Midnight today on the Pacific calendar, whatever the visitor's own zone. */
export function getPacificToday(now: Date = new Date()): TZDate {
  return startOfDay(new TZDate(now.getTime(), DEMO_TIME_ZONE));
}

export const getLastBookableDay = (today: TZDate) => addDays(today, BOOKING_HORIZON_DAYS);

/** Selectable: not in the past, not a Saturday or Sunday, not beyond 365 days (Pacific calendar). */
export function isSelectableDay(day: Date, today: TZDate): boolean {
  const pacificDay = startOfDay(new TZDate(day.getTime(), DEMO_TIME_ZONE));
  return pacificDay >= today && pacificDay <= getLastBookableDay(today) && !isWeekend(pacificDay);
}

/** The calendar opens on the month of the first selectable day, looking up to 365 days ahead. */
export function findFirstSelectableDay(today: TZDate): TZDate | undefined {
  for (let offset = 0; offset <= BOOKING_HORIZON_DAYS; offset += 1) {
    const day = addDays(today, offset);
    if (isSelectableDay(day, today)) return day;
  }
  return undefined;
}

/** The yyyy-MM-dd of a day on the Pacific calendar (what the API takes). */
export const toPacificIsoDate = (day: Date) =>
  format(new TZDate(day.getTime(), DEMO_TIME_ZONE), 'yyyy-MM-dd');

/** `Monday, March 9, 2026` */
export const formatPacificLongDate = (day: Date) =>
  format(new TZDate(day.getTime(), DEMO_TIME_ZONE), 'EEEE, MMMM d, yyyy');
