import { z } from 'zod';

/** What an attributed order is now, from the store's newest word on it. */
export const orderStatuses = ['pending', 'paid', 'cancelled', 'refunded', 'partially_refunded'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The longest range one request may ask for (two years), and the newest orders listed in one answer. */
export const revenueLimits = { maxDays: 731, maxOrders: 1000 } as const;

const day = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
/** A decimal string in the currency's minor-unit precision: "68.00", "1200". */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

/** `GET /api/revenue`: both dates inclusive (UTC days); no brandId means all the user's brands. */
export const revenueQuerySchema = z
  .object({
    brandId: z.uuid().optional(),
    from: day,
    to: day,
  })
  .strict()
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days > revenueLimits.maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the range is at most ${revenueLimits.maxDays} days`,
      });
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueTotalSchema = z.object({
  currency: z.string(),
  /** Paid orders, net of refunds; cancelled orders count nothing. */
  revenue: money,
  refunded: money,
  orders: z.number().int(),
  linksSent: z.number().int(),
  /** Orders ÷ links sent in the range (0 when no link was sent). */
  conversionRate: z.number(),
  /** Revenue ÷ conversations that were sent a link in the range. */
  revenuePerConversation: money,
  averageOrderValue: money,
});

export const revenueDaySchema = z.object({
  date: z.string(),
  currency: z.string(),
  revenue: money,
  orders: z.number().int(),
});

export const revenueProductSchema = z.object({
  productTitle: z.string(),
  currency: z.string(),
  revenue: money,
  orders: z.number().int(),
});

export const revenueOrderSchema = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  conversationId: z.uuid().nullable(),
  /** The buyer's Instagram username in that conversation. */
  buyerUsername: z.string().nullable(),
  platform: z.string(),
  orderNumber: z.string(),
  placedAt: z.string(),
  currency: z.string(),
  total: money,
  refunded: money,
  status: orderStatusSchema,
});

export const revenueReportSchema = z.object({
  totals: z.array(revenueTotalSchema),
  daily: z.array(revenueDaySchema),
  topProducts: z.array(revenueProductSchema),
  /** Newest first, at most `revenueLimits.maxOrders`. */
  orders: z.array(revenueOrderSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;
export type RevenueOrder = z.infer<typeof revenueOrderSchema>;

/** The order badge of a conversation: its newest attributed order. */
export const conversationOrderSchema = z.object({
  orderNumber: z.string(),
  currency: z.string(),
  total: money,
  status: orderStatusSchema,
});
export const conversationOrdersSchema = z.object({ order: conversationOrderSchema.nullable() });

/** The sample store's Place order: the cart link's items and its link id. */
export const samplePlaceOrderInputSchema = z
  .object({
    items: z
      .string()
      .max(2000)
      .regex(/^[0-9a-f-]{36}:\d{1,3}(,[0-9a-f-]{36}:\d{1,3})*$/i, 'must be variantId:quantity pairs'),
    ref: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a link id')
      .optional(),
  })
  .strict();
export const samplePlacedOrderSchema = z.object({
  orderNumber: z.string(),
  total: money,
  currency: z.string(),
  /** Whether the order carried one of the brand's link ids (and so counts as revenue). */
  attributed: z.boolean(),
});
