import { slotTakenMessage, type DemoBooking, type ScheduleDemoInput } from '#contracts/demo.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import { sendEmailJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { buildCalendarInvite, type CalendarPerson } from './ics.ts';
import { insertDemoBooking, listBookedTimeSlots } from './queries.ts';
import { formatLongDate, listAvailableSlots, listOfferedSlots, type DemoSchedule } from './slots.ts';

export interface DemoServiceDeps {
  db: Database;
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
        text: [
          `Hi ${booking.name},`,
          '',
          `Your Voicecart demo is booked for ${when}.`,
          `It lasts ${schedule.minutes} minutes. The calendar invitation is attached.`,
          '',
          'To change the time, reply to this email.',
          '',
          'The Voicecart team',
        ].join('\n'),
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

  return {
    /** GET /api/demo/available-slots: offered and not booked, as slot texts. */
    async listAvailableSlots(date: string): Promise<string[]> {
      const at = now();
      if (listOfferedSlots(date, schedule, at).length === 0) return [];
      return listAvailableSlots(date, schedule, at, await listBookedTimeSlots(db, date));
    },

    /**
     * POST /api/demo/schedule. The slot must be offered right now; the database decides who gets a
     * slot (unique date + slot), and the confirmation email is enqueued in the same transaction.
     */
    async scheduleDemo(input: ScheduleDemoInput): Promise<DemoBooking> {
      const slot = listOfferedSlots(input.date, schedule, now()).find((s) => s.timeSlot === input.timeSlot);
      if (!slot) {
        throw new AppError(
          'BAD_REQUEST',
          'That time slot is not offered on that date. Please choose another time.',
          [{ path: 'timeSlot', message: 'is not an offered time slot for that date' }],
        );
      }
      const company = input.company || null;
      const phone = input.phone || null;
      try {
        return await db.transaction(async (tx) => {
          const row = await insertDemoBooking(tx, {
            date: input.date,
            timeSlot: slot.timeSlot,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            name: input.name,
            email: input.email,
            company,
            phone,
          });
          const booking: DemoBooking = { ...row, startsAt: row.startsAt.toISOString() };
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
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
