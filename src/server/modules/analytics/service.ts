import type { Analytics, AnalyticsQuery } from '#contracts/analytics.ts';
import { addDays, daysInRange } from '#contracts/calendar.ts';
import type { Database } from '#server/db/client.ts';
import { brandsVisibleTo } from './access.ts';
import { readBreakdowns, readTotals } from './queries.ts';

/** The period of the same length just before `from`..`to`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysInRange(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export function createAnalyticsService({ db }: { db: Database }) {
  return {
    /** The Performance screen's figures for the user's brands (or one of them), read from the daily roll-up. */
    async read(userId: string, query: AnalyticsQuery): Promise<Analytics> {
      const brandIds = await brandsVisibleTo(db, userId, query.brandId);
      const previous = previousPeriod(query.from, query.to);
      if (brandIds.length === 0) brandIds.push('00000000-0000-0000-0000-000000000000');
      const [totals, before, breakdowns] = await Promise.all([
        readTotals(db, brandIds, query.from, query.to),
        readTotals(db, brandIds, previous.from, previous.to),
        readBreakdowns(db, brandIds, query.from, query.to),
      ]);
      return { from: query.from, to: query.to, totals, previous: before, ...breakdowns };
    },
  };
}
