import { sql } from 'drizzle-orm';
import type { OverviewCounts, OverviewTrends } from '#contracts/analytics.ts';
import { addDays, utcDayOf } from '#contracts/calendar.ts';
import { memberMay } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { brands, workspaceDailyCounts, workspaces } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';

/** How far back the Overview's stat cards compare (decision 051). */
export const OVERVIEW_TREND_DAYS = 30;

/**
 * Records every workspace's four counts for `now`'s UTC day in one statement; a later recording the same day
 * replaces the earlier one, so the last of a day stands for it. Returns the number of workspaces recorded.
 */
export async function recordOverviewCounts(db: Database, now = new Date()): Promise<number> {
  const result = (await db.execute(sql`
    insert into ${workspaceDailyCounts} (workspace_id, day, total_brands, active_brands, instagram_connected,
      shopify_connected)
    select ${workspaces.id}, ${utcDayOf(now)}::date, count(${brands.id})::int,
      (count(${brands.id}) filter (where ${brands.active}))::int,
      (count(${brands.id}) filter (where ${brands.instagramConnected}))::int,
      (count(${brands.id}) filter (where ${brands.shopifyConnected}))::int
    from ${workspaces} left join ${brands} on ${brands.workspaceId} = ${workspaces.id}
    group by ${workspaces.id}
    on conflict (workspace_id, day) do update set total_brands = excluded.total_brands,
      active_brands = excluded.active_brands, instagram_connected = excluded.instagram_connected,
      shopify_connected = excluded.shopify_connected
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

interface TrendRow {
  member: boolean;
  total: number;
  active: number;
  instagram: number;
  shopify: number;
  previous_day: string | null;
  previous_total: number | null;
  previous_active: number | null;
  previous_instagram: number | null;
  previous_shopify: number | null;
}

/**
 * The workspace's four counts now, and as last recorded on or before the day 30 days ago (null when nothing was
 * recorded that far back: a new workspace has no trend yet rather than an invented one). One statement, the
 * membership check inside it; a workspace the user is not a member of is 404 like a missing one.
 */
export async function readOverviewTrends(
  db: Database,
  userId: string,
  workspaceId: string,
  now = new Date(),
): Promise<OverviewTrends> {
  const cutoff = addDays(utcDayOf(now), -OVERVIEW_TREND_DAYS);
  const result = (await db.execute(sql`
    select ${memberMay(userId, 'brand.read', sql`${workspaceId}::uuid`)} as member,
      c.total, c.active, c.instagram, c.shopify,
      p.day::text as previous_day, p.total_brands as previous_total, p.active_brands as previous_active,
      p.instagram_connected as previous_instagram, p.shopify_connected as previous_shopify
    from (
      select count(*)::int as total, (count(*) filter (where ${brands.active}))::int as active,
        (count(*) filter (where ${brands.instagramConnected}))::int as instagram,
        (count(*) filter (where ${brands.shopifyConnected}))::int as shopify
      from ${brands} where ${brands.workspaceId} = ${workspaceId}
    ) c
    left join lateral (
      select * from ${workspaceDailyCounts}
      where ${workspaceDailyCounts.workspaceId} = ${workspaceId} and ${workspaceDailyCounts.day} <= ${cutoff}::date
      order by ${workspaceDailyCounts.day} desc limit 1
    ) p on true`)) as unknown as { rows: TrendRow[] };
  const row = result.rows[0];
  if (!row?.member) throw new AppError('NOT_FOUND', 'Workspace not found');
  const current: OverviewCounts = {
    totalBrands: row.total,
    activeBrands: row.active,
    instagramConnected: row.instagram,
    shopifyConnected: row.shopify,
  };
  if (row.previous_day === null) return { current, previous: null, previousDay: null };
  return {
    current,
    previous: {
      totalBrands: row.previous_total!,
      activeBrands: row.previous_active!,
      instagramConnected: row.previous_instagram!,
      shopifyConnected: row.previous_shopify!,
    },
    previousDay: row.previous_day,
  };
}
