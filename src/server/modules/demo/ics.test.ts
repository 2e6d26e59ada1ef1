import { describe, expect, it } from 'vitest';
import { buildCalendarInvite, escapeIcsText, foldIcsLine, formatIcsUtc } from './ics.ts';
import { listScheduledSlots } from './slots.ts';

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

function invite(overrides: { name?: string; description?: string } = {}) {
  const [slot] = listScheduledSlots('2026-03-09', { times: ['09:00'], minutes: 30 });
  return buildCalendarInvite({
    uid: 'booking-1@voicecart.app',
    createdAt: new Date('2026-03-02T12:34:56.789Z'),
    startsAt: slot!.startsAt,
    endsAt: slot!.endsAt,
    summary: 'Voicecart demo',
    description: overrides.description ?? 'Monday, March 9, 2026 at 9:00 AM PST',
    organizer: { name: 'Voicecart', email: 'hello@voicecart.app' },
    attendee: { name: overrides.name ?? 'Ada Lovelace', email: 'ada@example.com' },
  });
}

describe('buildCalendarInvite', () => {
  it('is one VEVENT with the real UTC start and a 30-minute end, organizer, attendee, UID and DTSTAMP', () => {
    const ics = unfold(invite());
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:booking-1@voicecart.app');
    expect(lines).toContain('DTSTAMP:20260302T123456Z');
    // 9:00 AM on Monday 9 March 2026 is PDT (the day after the change): 16:00Z.
    expect(lines).toContain('DTSTART:20260309T160000Z');
    expect(lines).toContain('DTEND:20260309T163000Z');
    expect(lines).toContain('ORGANIZER;CN="Voicecart":mailto:hello@voicecart.app');
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toMatch(
      /^ATTENDEE;CN="Ada Lovelace";.*:mailto:ada@example\.com$/,
    );
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('uses CRLF only, and every line is at most 75 octets', () => {
    const ics = invite({ description: 'A long description '.repeat(20) + 'ünïcödé ✓ '.repeat(10) });
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(unfold(ics)).toContain('ünïcödé ✓');
  });

  it('cannot be given extra properties through a name or description', () => {
    const ics = unfold(
      invite({
        name: 'Eve"\r\nATTENDEE:mailto:x@evil.test',
        description: 'a\r\nORGANIZER:mailto:x@evil.test',
      }),
    );
    const lines = ics.split('\r\n');
    expect(lines.filter((l) => l.startsWith('ATTENDEE'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('ORGANIZER'))).toHaveLength(1);
    expect(lines).toContain('DESCRIPTION:a\\nORGANIZER:mailto:x@evil.test');
  });
});

describe('helpers', () => {
  it('formats UTC instants', () => {
    expect(formatIcsUtc(new Date('2026-11-02T17:00:00.000Z'))).toBe('20261102T170000Z');
  });
  it('escapes TEXT values', () => {
    expect(escapeIcsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });
  it('folds at 75 octets without splitting a character', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(60)}`);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
  });
});
