import { addDays, utcDayOf } from '#contracts/calendar.ts';
import type { RevenueReport } from '#contracts/revenue.ts';

/** A UTC day as YYYY-MM-DD, `daysAgo` days before today. */
export function dayString(daysAgo = 0, from: Date = new Date()): string {
  return addDays(utcDayOf(from), -daysAgo);
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would be read as a formula by spreadsheets: quote it as text.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The attributed orders table as CSV, with the brand's name for its id. */
export function ordersCsv(orders: RevenueReport['orders'], brandName: (id: string) => string): string {
  const header = ['Order', 'Date', 'Brand', 'Buyer', 'Total', 'Currency', 'Status', 'Refunded'];
  const rows = orders.map((order) => [
    order.orderNumber,
    order.placedAt.slice(0, 10),
    brandName(order.brandId),
    order.buyerUsername ?? '',
    order.total,
    order.currency,
    order.status,
    order.refunded,
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

export const statusLabels: Record<RevenueReport['orders'][number]['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
