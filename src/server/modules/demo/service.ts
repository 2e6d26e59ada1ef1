import { sql } from 'drizzle-orm';
import { slotTakenMessage, type DemoBooking, type ScheduleDemoInput } from '#contracts/demo.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { buildCalendarInvite, type CalendarPerson } from './ics.ts';
import {
  confirmHeldBooking,
  countRecentBookings,
  insertDemoBooking,
  listBookedTimeSlots,
  releaseExpiredHold,
} from './queries.ts';
import { formatLongDate, listAvailableSlots, listOfferedSlots, type DemoSchedule } from './slots.ts';
import { letterText } from '#server/mail/letter.ts';
import { hashToken, newToken } from '#server/security/tokens.ts';

/** Decision 031: the booking limits, all counted over the last 24 hours in the database. */
export interface DemoLimits {
  perEmailPerDay: number;
  perAddressPerDay: number;
  perDay: number;
  /** Bookings from one address in 24 hours confirmed at once; the next ones are held. */
  confirmAfterPerAddress: number;
  confirmMinutes: number;
}

export const defaultDemoLimits: DemoLimits = {
  perEmailPerDay: 3,
  perAddressPerDay: 10,
  perDay: 200,
  confirmAfterPerAddress: 5,
  confirmMinutes: 30,
};

export const demoLimitMessages = {
  email:
    'This email has booked as many demos as it may today. Please reply to your confirmation email to change a time.',
  address: 'Too many demos were booked from your network today. Please try again tomorrow.',
  day: 'We cannot take more demo bookings today. Please try again tomorrow.',
} as const;

/**
 * What the limits count an address as: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 as its /64,
 * since one subscriber commonly gets a whole /64 and could otherwise book from a fresh address every time.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = ip.includes('::')
    ? [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** Every booking takes this lock for its count-then-insert, so limits hold for concurrent requests on any instance. */
const BOOKING_LOCK = 'voicecart:demo-booking';

export interface DemoServiceDeps {
  db: Database;
  limits?: DemoLimits;
  jobs: Pick<JobQueue, 'send'>;
  schedule: DemoSchedule;
  /** MAIL_FROM: the sender, also the invitation's organizer. */
  mailFrom: string;
  /** DEMO_NOTIFY_EMAIL: told about every booking when set. */
  notifyEmail?: string | undefined;
  /** The clock; tests fix it. */
  now?: () => Date;
}

/** `Voicecart <hello@voicecart.app>` -> { name: 'Voicecart', email: 'hello@voicecart.app' }. */
export function parseMailbox(mailbox: string): CalendarPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(mailbox);
  if (match) return { name: match[1] || match[2]!, email: match[2]! };
  return { name: mailbox.trim(), email: mailbox.trim() };
}

/** `Monday, March 9, 2026 at 9:00 AM PST` (all times are PST). */
export const describeDemoTime = (date: string, timeSlot: string) =>
  `${formatLongDate(date)} at ${timeSlot} PST`;

export function createDemoService({
  db,
  jobs,
  schedule,
  mailFrom,
  notifyEmail,
  limits = defaultDemoLimits,
  now = () => new Date(),
}: DemoServiceDeps) {
  const organizer = parseMailbox(mailFrom);

  function buildMessages(
    booking: DemoBooking & { endsAt: Date; company: string | null; phone: string | null },
  ) {
    const when = describeDemoTime(booking.date, booking.timeSlot);
    const invite = buildCalendarInvite({
      uid: `${booking.id}@${organizer.email.split('@')[1] ?? 'voicecart.app'}`,
      createdAt: now(),
      startsAt: new Date(booking.startsAt),
      endsAt: booking.endsAt,
      summary: 'Voicecart demo',
      description: `Your Voicecart demo, ${when}.`,
      organizer,
      attendee: { name: booking.name, email: booking.email },
    });
    const messages: MailMessage[] = [
      {
        to: booking.email,
        subject: `Your Voicecart demo: ${when}`,
        text: letterText(
          `Hi ${booking.name},`,
          [
            `Your Voicecart demo is booked for ${when}.`,
            `It lasts ${schedule.minutes} minutes. The calendar invitation is attached.`,
          ],
          ['To change the time, reply to this email.'],
        ),
        icalEvent: { method: 'REQUEST', content: invite, filename: 'voicecart-demo.ics' },
      },
    ];
    if (notifyEmail) {
      messages.push({
        to: notifyEmail,
        subject: `New demo booking: ${booking.name}, ${when}`,
        text: [
          `${booking.name} <${booking.email}> booked a demo for ${when}.`,
          `Company: ${booking.company ?? '(not given)'}`,
          `Phone: ${booking.phone ?? '(not given)'}`,
          `Booking id: ${booking.id}`,
        ].join('\n'),
      });
    }
    return messages;
  }

  /** The one mail a held booking sends: the link that keeps it. The invitation follows once it is confirmed. */
  function buildHoldMessage(booking: DemoBooking, confirmUrl: string, holdUntil: Date): MailMessage {
    const when = describeDemoTime(booking.date, booking.timeSlot);
    return {
      to: booking.email,
      subject: `Confirm your Voicecart demo: ${when}`,
      text: letterText(
        `Hi ${booking.name},`,
        [
          `We are holding ${when} for your Voicecart demo.`,
          `Open this link within ${limits.confirmMinutes} minutes to confirm it; otherwise the time is released:`,
          confirmUrl,
        ],
        [`(The hold ends ${holdUntil.toISOString()}.) If you did not book a demo, ignore this email.`],
      ),
    };
  }

  return {
    /** GET /api/demo/available-slots: offered and not booked, as slot texts. */
    async listAvailableSlots(date: string): Promise<string[]> {
      const at = now();
      if (listOfferedSlots(date, schedule, at).length === 0) return [];
      return listAvailableSlots(date, schedule, at, await listBookedTimeSlots(db, date, at));
    },

    /**
     * POST /api/demo/schedule. The slot must be offered right now; the database decides who gets a slot (unique
     * date + slot among unreleased bookings), and the emails are enqueued in the same transaction. The limits of
     * decision 031 are counted in that transaction under one advisory lock, so they hold across instances.
     * `confirmUrlBase` is the origin the confirmation link of a held booking points at.
     */
    async scheduleDemo(
      input: ScheduleDemoInput,
      origin: { ipAddress: string; confirmUrlBase: string } = { ipAddress: 'unknown', confirmUrlBase: '' },
    ): Promise<DemoBooking> {
      const at = now();
      const slot = listOfferedSlots(input.date, schedule, at).find((s) => s.timeSlot === input.timeSlot);
      if (!slot) {
        throw new AppError(
          'BAD_REQUEST',
          'That time slot is not offered on that date. Please choose another time.',
          [{ path: 'timeSlot', message: 'is not an offered time slot for that date' }],
        );
      }
      const company = input.company || null;
      const phone = input.phone || null;
      const ipAddress = addressKey(origin.ipAddress);
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BOOKING_LOCK}))`);
          const since = new Date(at.getTime() - 24 * 60 * 60 * 1000);
          const recent = await countRecentBookings(tx, { since, ipAddress, email: input.email });
          if (recent.byEmail >= limits.perEmailPerDay)
            throw new AppError('RATE_LIMITED', demoLimitMessages.email);
          if (recent.byAddress >= limits.perAddressPerDay) {
            throw new AppError('RATE_LIMITED', demoLimitMessages.address);
          }
          if (recent.all >= limits.perDay) throw new AppError('RATE_LIMITED', demoLimitMessages.day);

          await releaseExpiredHold(tx, input.date, slot.timeSlot, at);
          const held = recent.byAddress >= limits.confirmAfterPerAddress;
          const token = held ? newToken() : undefined;
          const holdUntil = held ? new Date(at.getTime() + limits.confirmMinutes * 60_000) : null;
          const row = await insertDemoBooking(tx, {
            date: input.date,
            timeSlot: slot.timeSlot,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            name: input.name,
            email: input.email,
            company,
            phone,
            ipAddress,
            createdAt: at,
            holdUntil,
            confirmTokenHash: token ? hashToken(token) : null,
          });
          const booking: DemoBooking = { ...row, startsAt: row.startsAt.toISOString() };
          if (token && holdUntil) {
            const confirmUrl = `${origin.confirmUrlBase}/api/demo/confirm?token=${token}`;
            await jobs.send(sendEmailJob, buildHoldMessage(booking, confirmUrl, holdUntil), { tx });
            return { ...booking, confirmBy: holdUntil.toISOString() };
          }
          for (const message of buildMessages({ ...booking, endsAt: row.endsAt, company, phone })) {
            await jobs.send(sendEmailJob, message, { tx });
          }
          return booking;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', slotTakenMessage);
        throw error;
      }
    },

    /**
     * GET /api/demo/confirm: the link in a held booking's mail. Confirms it while the hold lasts and then sends
     * what an ordinary booking sends at once (invitation, sales notification). False when the link is unknown,
     * used or too late.
     */
    async confirmDemo(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await confirmHeldBooking(tx, hashToken(token), now());
        if (!row) return false;
        const booking: DemoBooking = {
          id: row.id,
          date: row.date,
          timeSlot: row.timeSlot,
          startsAt: row.startsAt.toISOString(),
          name: row.name,
          email: row.email,
        };
        for (const message of buildMessages({
          ...booking,
          endsAt: row.endsAt,
          company: row.company,
          phone: row.phone,
        })) {
          await jobs.send(sendEmailJob, message, { tx });
        }
        return true;
      });
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
