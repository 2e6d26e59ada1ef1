/**
 * A minimal iCalendar (RFC 5545) invitation: one VEVENT with real UTC instants, organizer and attendee.
 * Lines end in CRLF and are folded at 75 octets; text values are escaped, so no input can add a property.
 */
export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarInvite {
  uid: string;
  /** When the invitation was made (DTSTAMP). */
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** 2026-03-09T16:00:00.000Z -> 20260309T160000Z */
export function formatIcsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped; other controls dropped. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/** Parameter values (CN=...): quoted; DQUOTE and controls are not allowed inside, so they are dropped. */
function quoteIcsParameter(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, '')}"`;
}

/** An address for a CAL-ADDRESS value; anything but a plain address shape is refused. */
function mailto(email: string): string {
  if (!/^[^\s"<>\\;:,]+@[^\s"<>\\;:,]+$/.test(email)) throw new Error(`Not a plain email address: ${email}`);
  return `mailto:${email}`;
}

/** Folds a content line into 75-octet pieces, never splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldIcsLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const character of line) {
    const octets = Buffer.byteLength(character, 'utf8');
    // Continuation lines start with a space, which counts toward their 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

export function buildCalendarInvite(invite: CalendarInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Voicecart//Demo scheduling//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(invite.uid)}`,
    `DTSTAMP:${formatIcsUtc(invite.createdAt)}`,
    `DTSTART:${formatIcsUtc(invite.startsAt)}`,
    `DTEND:${formatIcsUtc(invite.endsAt)}`,
    `SUMMARY:${escapeIcsText(invite.summary)}`,
    `DESCRIPTION:${escapeIcsText(invite.description)}`,
    `ORGANIZER;CN=${quoteIcsParameter(invite.organizer.name)}:${mailto(invite.organizer.email)}`,
    `ATTENDEE;CN=${quoteIcsParameter(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(invite.attendee.email)}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
