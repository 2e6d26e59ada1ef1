/**
 * A `timestamptz` as the API writes it (`Date#toISOString`: UTC, milliseconds, `Z`), from PostgreSQL's text
 * output or a Date.
 *
 * The hot list reads receive timestamps as PostgreSQL's text (db/client.ts) and answer them as ISO strings.
 * `new Date(text)` takes V8's legacy date parser for PostgreSQL's `2026-11-26 14:23:56.123456+00`: about a
 * microsecond a value, a large share of a 50-row page's CPU time. In a UTC session that text already is the
 * instant, so it is rewritten in place (digits past the millisecond dropped, as Date drops them); anything else
 * (another time zone or DateStyle, a year past 9999, BC) takes the Date path.
 */
export function isoInstant(value: string | Date): string {
  if (typeof value !== 'string') return value.toISOString();
  if (!isUtcIsoText(value)) return new Date(value).toISOString();
  const fraction = value.length === 22 ? '000' : value.slice(20, -3).padEnd(3, '0').slice(0, 3);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction}Z`;
}

/** PostgreSQL's ISO DateStyle in a UTC session: `dddd-dd-dd dd:dd:dd`, then `.` and 1–6 digits or not, then `+00`. */
const PATTERN = 'dddd-dd-dd dd:dd:dd';

function isUtcIsoText(text: string): boolean {
  const length = text.length;
  if (length !== 22 && (length < 24 || length > 29 || text.charCodeAt(19) !== 46)) return false;
  if (
    text.charCodeAt(length - 3) !== 43 ||
    text.charCodeAt(length - 2) !== 48 ||
    text.charCodeAt(length - 1) !== 48
  )
    return false;
  for (let i = 0; i < length - 3; i++) {
    const expected = i < 19 ? PATTERN.charCodeAt(i) : i === 19 ? 46 : 100;
    const code = text.charCodeAt(i);
    if (expected === 100 ? code < 48 || code > 57 : code !== expected) return false;
  }
  return true;
}
