import { z } from './zod.ts';
import { daysInRange, isoDateSchema } from './calendar.ts';

/** What an attributed order is now, from the store's newest word on it. */
export const orderStatuses = ['pending', 'paid', 'cancelled', 'refunded', 'partially_refunded'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * The longest range one request may ask for (two years); the orders in the report's first page, and the most one
 * page of `GET /api/revenue/orders` may ask for (a year of a busy store is far more than one answer should carry).
 */
export const revenueLimits = { maxDays: 731, firstPageOrders: 50, maxPageOrders: 1000 } as const;

/** A decimal string in the currency's minor-unit precision: "68.00", "1200". */
const money = z.string().regex(/^-?\d+(\.\d+)?$/);

const rangeFields = {
  brandId: z.uuid().optional(),
  from: isoDateSchema,
  to: isoDateSchema,
};

const checkRange = (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const days = daysInRange(query.from, query.to);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (days > revenueLimits.maxDays)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `the range is at most ${revenueLimits.maxDays} days`,
    });
};

/** `GET /api/revenue`: both dates inclusive (UTC days); no brandId means all the user's brands. */
export const revenueQuerySchema = z.object(rangeFields).strict().superRefine(checkRange);
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

/** Opaque to clients: where the previous page ended (the last order's stored time and id). */
export const revenueOrdersCursorSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/i,
    'must be a cursor from a previous page',
  );

export const revenueReportSchema = z.object({
  totals: z.array(revenueTotalSchema),
  daily: z.array(revenueDaySchema),
  topProducts: z.array(revenueProductSchema),
  /** The first page, newest first: `revenueLimits.firstPageOrders` at most. */
  orders: z.array(revenueOrderSchema),
  /** Pass to `GET /api/revenue/orders` for the next page; null when these are all. */
  nextCursor: z.string().nullable(),
});

/** `GET /api/revenue/orders`: the range's attributed orders a page at a time, newest first. */
export const revenueOrdersQuerySchema = z
  .object({
    ...rangeFields,
    cursor: revenueOrdersCursorSchema.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(revenueLimits.maxPageOrders)
      .default(revenueLimits.firstPageOrders),
  })
  .strict()
  .superRefine(checkRange);
export type RevenueOrdersQuery = z.infer<typeof revenueOrdersQuerySchema>;

export const revenueOrdersPageSchema = z.object({
  orders: z.array(revenueOrderSchema),
  nextCursor: z.string().nullable(),
});
export type RevenueOrdersPage = z.infer<typeof revenueOrdersPageSchema>;
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
