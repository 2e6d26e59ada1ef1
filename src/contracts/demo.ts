import { z } from './zod.ts';

/** Demo booking and Slot list response, with their validation. Shared by the form, the client and the API. */
export const demoLimits = {
  maxNameLength: 200,
  maxEmailLength: 254,
  maxCompanyLength: 200,
  maxPhoneLength: 40,
  maxTimeSlotLength: 20,
} as const;

/** The message a loser of a race for one slot reads (409). */
export const slotTakenMessage = 'That time slot was just booked. Please choose another time.';

/** True for a real calendar date written yyyy-MM-dd (so 2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const demoDateSchema = z
  .string({ error: 'is required' })
  .refine(isCalendarDate, 'must be a real date written yyyy-MM-dd');

const hasControlCharacters = (value: string) => /\p{Cc}/u.test(value);

/**
 * True when a text could act as a link or markup in the emails built from it: a tag or angle bracket, a scheme or
 * `www.`, an email address, or a word ending in a common domain suffix (`bit.ly`, `pay-now.com/x`). Names go into
 * the greeting of a mail we send to whatever address was typed, so a name is plain text only.
 */
export function looksLikeLinkOrMarkup(value: string): boolean {
  return (
    /[<>]/.test(value) ||
    /[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
    /\b(www\d*|https?|ftp|mailto|javascript|data)[.:]/i.test(value) ||
    /\S@\S+\.\S/.test(value) ||
    /[\p{L}\p{N}-]\.(com|net|org|io|co|app|xyz|info|biz|me|ly|gl|link|click|site|online|top|ru|cn|tk|shop|store|live|us|uk|de|fr|gd|to|cc|ws|su|pw|win|vip|club)\b/iu.test(
      value,
    )
  );
}
const plainTextMessage = 'must be plain text, without links or markup';

export const availableSlotsQuerySchema = z.object({ date: demoDateSchema });
export type AvailableSlotsQuery = z.infer<typeof availableSlotsQuerySchema>;

/** Slot texts such as `9:00 AM`, Pacific time (labelled PST). */
export const availableSlotsResponseSchema = z.object({ availableSlots: z.array(z.string()) });
export type AvailableSlotsResponse = z.infer<typeof availableSlotsResponseSchema>;

/** The contact part of the form: name and email required, company and phone optional. */
export const demoContactSchema = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(demoLimits.maxNameLength, `must be at most ${demoLimits.maxNameLength} characters`)
    .refine((value) => !hasControlCharacters(value), 'must not contain control characters')
    .refine((value) => !looksLikeLinkOrMarkup(value), plainTextMessage),
  email: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(demoLimits.maxEmailLength, `must be at most ${demoLimits.maxEmailLength} characters`)
    .pipe(z.email('must be an email address')),
  company: z
    .string()
    .trim()
    .max(demoLimits.maxCompanyLength, `must be at most ${demoLimits.maxCompanyLength} characters`)
    .refine((value) => !hasControlCharacters(value), 'must not contain control characters')
    .optional(),
  phone: z
    .string()
    .trim()
    .max(demoLimits.maxPhoneLength, `must be at most ${demoLimits.maxPhoneLength} characters`)
    .regex(/^[0-9+\-() ]*$/, 'may contain only digits, spaces and + - ( )')
    .optional(),
});
export type DemoContact = z.infer<typeof demoContactSchema>;

/** POST /api/demo/schedule. */
export const scheduleDemoInputSchema = demoContactSchema.extend({
  date: demoDateSchema,
  timeSlot: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(demoLimits.maxTimeSlotLength, 'is not an offered time slot'),
});
export type ScheduleDemoInput = z.infer<typeof scheduleDemoInputSchema>;

export const demoBookingSchema = z.object({
  id: z.string(),
  date: z.string(),
  timeSlot: z.string(),
  /** The real start instant, ISO 8601 in UTC. */
  startsAt: z.string(),
  name: z.string(),
  email: z.string(),
  /**
   * Present when the booking is held (decision 031): the slot is kept until this instant (ISO 8601) and released
   * unless the link sent to the email is opened before then.
   */
  confirmBy: z.string().optional(),
});
export type DemoBooking = z.infer<typeof demoBookingSchema>;

/** GET and POST /api/demo/confirm: the token from a held booking's confirmation link (base64url of 32 bytes). */
export const confirmDemoInputSchema = z.object({
  token: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'is not a confirmation token'),
});
export type ConfirmDemoInput = z.infer<typeof confirmDemoInputSchema>;
