import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromTime, isoInstant } from './timestamps.ts';

/** PostgreSQL's text for an instant in a UTC session, with `digits` fractional digits (trailing zeros dropped). */
function pgText(date: Date, micros: number, digits: number): string {
  const [day, time] = date.toISOString().slice(0, 19).split('T');
  const fraction = String(date.getUTCMilliseconds() * 1000 + micros)
    .padStart(6, '0')
    .slice(0, digits)
    .replace(/0+$/, '');
  return `${day} ${time}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoInstant', () => {
  it('answers what new Date(text).toISOString() answers for any UTC text PostgreSQL writes', () => {
    fc.assert(
      fc.property(
        // From year 1000: Date's legacy parser reads `0099-…` as 1999, where the rewrite keeps 0099.
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 6 }),
        (date, micros, digits) => {
          const text = pgText(date, micros, digits);
          expect(isoInstant(text)).toBe(new Date(text).toISOString());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes the Date path for other offsets and styles, and writes a Date as ISO', () => {
    for (const text of [
      '2026-11-26 14:23:56.123456+05:30',
      '2026-11-26 06:23:56-08',
      '2026-11-26T14:23:56.123Z',
      '2026-11-26 14:23:56.1234567+00',
    ]) {
      expect(isoInstant(text)).toBe(new Date(text).toISOString());
    }
    expect(isoInstant('2026-11-26 14:23:56.999999+00')).toBe('2026-11-26T14:23:56.999Z');
    expect(isoInstant('2026-11-26 14:23:56+00')).toBe('2026-11-26T14:23:56.000Z');
    expect(isoInstant(new Date('2026-11-26T14:23:56.120Z'))).toBe('2026-11-26T14:23:56.120Z');
    expect(() => isoInstant('not a time')).toThrow(RangeError);
  });
});

describe('isoFromTime', () => {
  it('writes what Date#toISOString writes, for any millisecond of any year', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('-002000-01-01T00:00:00Z'),
          max: new Date('+020000-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(isoFromTime(date.getTime())).toBe(date.toISOString());
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('is right at the edges: the epoch, leap days, centuries, the last millisecond before year 10000', () => {
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00.001Z',
      '2024-02-29T23:59:59.999Z',
      '2100-03-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
    ]) {
      expect(isoFromTime(Date.parse(text))).toBe(text);
    }
  });
});
