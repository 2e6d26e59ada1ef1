import { z } from './zod.ts';

/** The plan every workspace is on; no payment provider is connected (docs/spec-deviations.md). */
export const planName = 'Professional Plan';

const dayUsageSchema = z.object({
  /** yyyy-mm-dd, in the brand's time zone. */
  day: z.string(),
  dms: z.number().int(),
  comments: z.number().int(),
});
export type DayUsage = z.infer<typeof dayUsageSchema>;

/** GET /api/usage: DMs and comments answered this month in the current workspace. */
export const usageSchema = z.object({
  plan: z.string(),
  /** The first day of the month counted, yyyy-mm-dd. */
  month: z.string(),
  dms: z.number().int(),
  comments: z.number().int(),
  brands: z.array(
    z.object({ brandId: z.uuid(), name: z.string(), dms: z.number().int(), comments: z.number().int() }),
  ),
  days: z.array(dayUsageSchema),
});
export type Usage = z.infer<typeof usageSchema>;

/** GET /api/usage/summary: the sidebar footer's count. */
export const usageSummarySchema = z.object({ plan: z.string(), answered: z.number().int() });
export type UsageSummary = z.infer<typeof usageSummarySchema>;
