import { z } from './zod.ts';

/**
 * Calendar dates as the API writes them: YYYY-MM-DD, a UTC day unless a screen says otherwise (the demo calendar's
 * days are in its own time zone). One way to read, write and step through them, for server and client alike.
 */

/** A day's length in milliseconds: every UTC day has it (UTC has no daylight saving). */
export const DAY_MS = 86_400_000;

/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((value) => {
    const date = startOfUtcDay(value);
    return !Number.isNaN(date.getTime()) && utcDayOf(date) === value;
  }, 'Not a calendar date');

/** The UTC day an instant falls on. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The instant a UTC day begins. */
export function startOfUtcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return utcDayOf(new Date(startOfUtcDay(date).getTime() + days * DAY_MS));
}

/** Days from `from` to `to`, both counted (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS) + 1;
}

/** Every date from `from` to `to`, both included, in order; none when `to` is before `from`. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The first day of the month `date` is in, or of the month `monthsLater` months after it. */
export function firstOfMonth(date: string, monthsLater = 0): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return utcDayOf(new Date(Date.UTC(year, month - 1 + monthsLater, 1)));
}

/**
 * A range as its whole calendar months (`months`: the first days of the first and the last, or null when none
 * fits whole) and the days before and after them (`days`: `[first, last]` pairs), every end included: what the
 * roll-ups read from their monthly and daily rows.
 */
export function wholeMonthsOf(
  from: string,
  to: string,
): { months: [string, string] | null; days: [string, string][] } {
  const first = from.endsWith('-01') ? from : firstOfMonth(from, 1);
  // The first day of the last month that ends on or before `to`.
  const last = addDays(firstOfMonth(to, 1), -1) === to ? firstOfMonth(to) : firstOfMonth(to, -1);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  const end = addDays(firstOfMonth(last, 1), -1);
  if (end < to) days.push([addDays(end, 1), to]);
  return { months: [first, last], days };
}
