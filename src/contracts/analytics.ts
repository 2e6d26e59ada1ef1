import { z } from './zod.ts';
import { daysInRange, isoDateSchema } from './calendar.ts';

/** The Performance screen's ranges: at most a year and a day (a leap year's 366 days, both ends counted). */
export const analyticsLimits = { maxRangeDays: 366 } as const;

/** GET /api/analytics: one brand (`brandId`) or all of the user's brands; both dates inclusive. */
export const analyticsQuerySchema = z
  .object({
    brandId: z.uuid().optional(),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .strict()
  .superRefine((query, context) => {
    const days = daysInRange(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`' });
    else if (days > analyticsLimits.maxRangeDays)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range is ${days} days; at most ${analyticsLimits.maxRangeDays}`,
      });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const percentiles = z.object({ p50: z.number().int().nullable(), p90: z.number().int().nullable() });
const fraction = z.number().min(0).max(1).nullable();

/** The counts of a period, in total and per day. */
const periodCounts = {
  conversations: z.number().int(),
  inbound: z.number().int(),
  comments: z.number().int(),
  aiReplies: z.number().int(),
  humanReplies: z.number().int(),
  handoffs: z.number().int(),
};

export const analyticsTotalsSchema = z.object({
  ...periodCounts,
  /** Conversations the assistant answered with no person involved ÷ conversations started (null without any). */
  automationRate: fraction,
  /** Conversations handed to a person ÷ conversations started (null without any). */
  handoffRate: fraction,
  /** From a conversation's first customer message to the first reply, in milliseconds. */
  firstResponseMs: z.object({ ai: percentiles, human: percentiles }),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const answerKinds = [
  'in_stock',
  'out_of_stock',
  'ask_variant',
  'ask_product',
  'not_sold',
  'hand_off',
  'price',
  'fixed_text',
  'product_link',
  'none',
] as const;
export const handoffReasons = ['asked_for_person', 'complaint', 'rule', 'out_of_hours', 'other'] as const;

export const analyticsDaySchema = z.object({
  date: z.string(),
  ...periodCounts,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: analyticsTotalsSchema,
  /** The same figures for the period of the same length just before. */
  previous: analyticsTotalsSchema,
  daily: z.array(analyticsDaySchema),
  answerKinds: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  handoffReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.string(), productTitle: z.string(), asks: z.number().int() })),
  soldOutDemand: z.array(
    z.object({
      brandId: z.string(),
      variantId: z.string(),
      productTitle: z.string(),
      variantTitle: z.string(),
      buyers: z.number().int(),
      asks: z.number().int(),
      lastAskedAt: z.string(),
    }),
  ),
  rules: z.array(
    z.object({
      ruleId: z.string(),
      name: z.string(),
      matched: z.number().int(),
      sent: z.number().int(),
      conversations: z.number().int(),
      links: z.number().int(),
      /** Paid, not cancelled orders attributed to the conversations that followed. */
      orders: z.number().int(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** The Overview's four stat cards as counts. */
export const overviewCountsSchema = z.object({
  totalBrands: z.number().int(),
  activeBrands: z.number().int(),
  instagramConnected: z.number().int(),
  shopifyConnected: z.number().int(),
});
export type OverviewCounts = z.infer<typeof overviewCountsSchema>;

/**
 * GET /api/analytics/overview: the current workspace's four counts now and as they stood 30 days before
 * (`previous` as last recorded on or before that day, `previousDay` the day it was recorded; both null until the
 * workspace has that much history).
 */
export const overviewTrendsSchema = z.object({
  current: overviewCountsSchema,
  previous: overviewCountsSchema.nullable(),
  previousDay: z.string().nullable(),
});
export type OverviewTrends = z.infer<typeof overviewTrendsSchema>;
