import { z } from './zod.ts';
import { limits } from './limits.ts';

/** The only subscription source is the landing page footer. */
export const newsletterTypes = ['landing footer'] as const;
export const newsletterTypeSchema = z.enum(newsletterTypes, {
  error: `must be one of: ${newsletterTypes.map((t) => `"${t}"`).join(', ')}`,
});

/** `POST /api/email-subscribe` body. The email is trimmed and lower-cased before it is checked. */
export const emailSubscribeInputSchema = z.strictObject({
  email: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .min(1, 'is required')
    .max(limits.maxEmailLength, `must be at most ${limits.maxEmailLength} characters`)
    .pipe(z.email({ error: 'must be a valid email address' })),
  type: newsletterTypeSchema,
});

export const emailSubscribeResponseSchema = z.object({
  email: z.string(),
  type: newsletterTypeSchema,
  /** true when this request added the address; false when it was already subscribed. */
  created: z.boolean(),
});

export type NewsletterType = z.infer<typeof newsletterTypeSchema>;
export type EmailSubscribeInput = z.input<typeof emailSubscribeInputSchema>;
export type EmailSubscribeResponse = z.infer<typeof emailSubscribeResponseSchema>;
