import type { AnalyticsDay } from '#contracts/analytics.ts';
import { addDays } from '#contracts/calendar.ts';

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The last `days` days up to and including today. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

export interface Change {
  text: string;
  trend: 'up' | 'down';
}

/** A count's change against the previous period, as a percentage; none when there is nothing to compare. */
export function countChange(current: number, previous: number): Change | undefined {
  if (previous === 0 || current === previous) return undefined;
  const percent = Math.round(((current - previous) / previous) * 100);
  return {
    text: `${percent > 0 ? '+' : ''}${percent}% vs previous period`,
    trend: percent >= 0 ? 'up' : 'down',
  };
}

/** A rate's change in percentage points. */
export function rateChange(current: number | null, previous: number | null): Change | undefined {
  if (current === null || previous === null) return undefined;
  const points = Math.round((current - previous) * 100);
  if (points === 0) return undefined;
  return {
    text: `${points > 0 ? '+' : ''}${points} pts vs previous period`,
    trend: points > 0 ? 'up' : 'down',
  };
}

export const formatPercent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

export const answerKindLabels: Record<string, string> = {
  in_stock: 'In stock, with link',
  out_of_stock: 'Out of stock, with alternative',
  ask_variant: 'Asked which option',
  ask_product: 'Asked which product',
  not_sold: 'Not sold',
  hand_off: 'Handed off',
  price: 'Price',
  fixed_text: 'Rule text',
  product_link: 'Product link',
  none: 'Other',
};

export const handoffReasonLabels: Record<string, string> = {
  asked_for_person: 'Asked for a person',
  complaint: 'Complaint',
  rule: 'Rule',
  out_of_hours: 'Out of hours',
  other: 'Other',
};

const csvColumns: [keyof AnalyticsDay, string][] = [
  ['date', 'date'],
  ['conversations', 'conversations_started'],
  ['inbound', 'dms_received'],
  ['comments', 'comments_received'],
  ['aiReplies', 'assistant_replies'],
  ['humanReplies', 'person_replies'],
  ['handoffs', 'handoffs'],
];

/** The daily series as CSV (RFC 4180; every value is a date or a number, so nothing needs quoting). */
export function dailyCsv(daily: AnalyticsDay[]): string {
  const lines = [csvColumns.map(([, header]) => header).join(',')];
  for (const day of daily) lines.push(csvColumns.map(([key]) => String(day[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export const isEmptyPeriod = (daily: AnalyticsDay[]) =>
  daily.every(
    (day) =>
      day.conversations + day.inbound + day.comments + day.aiReplies + day.humanReplies + day.handoffs === 0,
  );
