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
  if (typeof value !== 'string') return isoFromTime(value.getTime());
  if (!isUtcIsoText(value)) return isoFromTime(new Date(value).getTime());
  const fraction = value.length === 22 ? '000' : value.slice(20, -3).padEnd(3, '0').slice(0, 3);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction}Z`;
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from here on `toISOString` writes a six-digit year with a sign. */
const YEAR_10000_MS = 253_402_300_800_000;
const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/**
 * An instant given in epoch milliseconds, written as `Date#toISOString` writes it. The session lookup sends two
 * of them with every /api request and a list page read through PGlite writes one a row (`isoInstant` of a Date);
 * V8's `toISOString` formats through C's `snprintf`: about 7,000 machine instructions a call against a few hundred
 * here (bench/README.md, the read path counted in instructions). The calendar date comes from the day number by
 * Hinnant's `civil_from_days`; times before 1970 or from year 10000 on are left to `toISOString`.
 */
export function isoFromTime(time: number): string {
  if (!(time >= 0 && time < YEAR_10000_MS) || !Number.isInteger(time)) return new Date(time).toISOString();
  const days = Math.floor(time / DAY_MS);
  const ofDay = time - days * DAY_MS;
  // civil_from_days: years of 400 (an era), days counted from 0000-03-01 so that a leap day ends a year.
  const fromMarchOfYearZero = days + 719_468;
  const era = Math.floor(fromMarchOfYearZero / 146_097);
  const dayOfEra = fromMarchOfYearZero - 146_097 * era;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + 400 * era + (month <= 2 ? 1 : 0);
  const milliseconds = ofDay % 1000;
  const fraction =
    milliseconds < 10 ? `00${milliseconds}` : milliseconds < 100 ? `0${milliseconds}` : `${milliseconds}`;
  const clock = `${twoDigits(Math.floor(ofDay / 3_600_000))}:${twoDigits(Math.floor(ofDay / 60_000) % 60)}:${twoDigits(Math.floor(ofDay / 1000) % 60)}`;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${clock}.${fraction}Z`;
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
