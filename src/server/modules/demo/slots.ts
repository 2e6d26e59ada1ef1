import { tzOffset } from '@date-fns/tz';
import { addDays, utcDayOf } from '#contracts/calendar.ts';

/**
 * Demo slots, computed as pure functions of (date, schedule, now). All wall times are in the IANA zone
 * America/Los_Angeles, so the real instants stay right across daylight-saving changes; people see the
 * label "PST" ("All times are PST").
 */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';
/** The date picker looks up to 365 days ahead; the server offers nothing beyond. */
export const BOOKING_HORIZON_DAYS = 365;

export interface DemoSchedule {
  /** 24-hour wall times, sorted, e.g. ['09:00', '10:00']. */
  times: readonly string[];
  /** Length of one demo. */
  minutes: number;
}

export interface ScheduledSlot {
  /** What people see and what is stored, e.g. `9:00 AM`. */
  timeSlot: string;
  startsAt: Date;
  endsAt: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time`.
 * Disambiguation is Temporal's 'compatible', chosen on purpose:
 * - a wall time that happens twice (the repeated hour when DST ends) resolves to the EARLIER instant;
 * - a wall time that never happens (the skipped hour when DST starts) moves FORWARD by the gap
 *   (2:30 AM on 2026-03-08 becomes 3:30 AM PDT).
 */
export function zonedWallTimeToInstant(date: string, time: string, timeZone = DEMO_TIME_ZONE): Date {
  const { year, month, day } = parseDate(date);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Offsets (minutes) a day either side; a zone changes offset at most once in that window.
  const offsetBefore = tzOffset(timeZone, new Date(wallAsUtc - DAY_MS));
  const offsetAfter = tzOffset(timeZone, new Date(wallAsUtc + DAY_MS));
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((instant) => wallAsUtc - tzOffset(timeZone, new Date(instant)) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  // Ambiguous: earlier. Nonexistent: read with the offset in force before the gap, which lands after it.
  return new Date(candidates[0] ?? wallAsUtc - offsetBefore * MINUTE_MS);
}

/** The calendar date (yyyy-MM-dd) that the wall clock in `timeZone` shows at `instant`. */
export function calendarDateAt(instant: Date, timeZone = DEMO_TIME_ZONE): string {
  return utcDayOf(new Date(instant.getTime() + tzOffset(timeZone, instant) * MINUTE_MS));
}

/** 0 is Sunday, 6 is Saturday. */
export function dayOfWeek(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** `09:00` -> `9:00 AM`, `13:30` -> `1:30 PM`, `00:15` -> `12:15 AM`. */
export function formatSlotLabel(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const period = hour < 12 ? 'AM' : 'PM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${period}`;
}

/** `2026-03-09` -> `Monday, March 9, 2026` (a calendar date: no zone involved). */
export function formatLongDate(date: string): string {
  const { year, month, day } = parseDate(date);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Every slot of the schedule on `date`, whatever the day; each with its real start and end. */
export function listScheduledSlots(date: string, schedule: DemoSchedule): ScheduledSlot[] {
  return schedule.times.map((time) => {
    const startsAt = zonedWallTimeToInstant(date, time);
    return {
      timeSlot: formatSlotLabel(time),
      startsAt,
      endsAt: new Date(startsAt.getTime() + schedule.minutes * MINUTE_MS),
    };
  });
}

export type DateRejection = 'weekend' | 'past' | 'beyond-horizon';

/** Why `date` offers no demos at `now` (Pacific calendar), or null when it is a bookable day. */
export function findDateRejection(date: string, now: Date): DateRejection | null {
  const today = calendarDateAt(now);
  if (date < today) return 'past';
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) return 'beyond-horizon';
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return 'weekend';
  return null;
}

/**
 * The slots offered on `date` at `now`, before bookings are taken into account: weekdays only, from today
 * up to 365 days ahead (Pacific calendar), and only slots that have not started yet.
 */
export function listOfferedSlots(date: string, schedule: DemoSchedule, now: Date): ScheduledSlot[] {
  if (findDateRejection(date, now)) return [];
  return listScheduledSlots(date, schedule).filter((slot) => slot.startsAt.getTime() > now.getTime());
}

/** The slot texts a visitor can book: offered and not booked. */
export function listAvailableSlots(
  date: string,
  schedule: DemoSchedule,
  now: Date,
  bookedTimeSlots: Iterable<string>,
): string[] {
  const booked = new Set(bookedTimeSlots);
  return listOfferedSlots(date, schedule, now)
    .map((slot) => slot.timeSlot)
    .filter((timeSlot) => !booked.has(timeSlot));
}
