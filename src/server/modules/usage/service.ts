import { sql } from 'drizzle-orm';
import { planName, type Usage, type UsageSummary } from '#contracts/usage.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';

type Rows<T> = { rows: T[] };

/**
 * This month's usage of a workspace (decision 045): DMs answered are the replies sent in DMs (the assistant's and
 * people's), read from the analytics roll-up `analytics_daily` (decision 028) so no message is counted here;
 * comments answered are the brand's comments of the month with a reply, along `comments_brand_recent_idx`. Each
 * brand's month and days are cut in its own time zone, like the roll-up.
 */
const brandMonths = (workspaceId: string) => sql`
  b as (
    select id, name, time_zone, date_trunc('month', now() at time zone time_zone)::date as since
    from brands where workspace_id = ${workspaceId}::uuid
  ),
  dm as (
    select d.brand_id, d.day, (d.ai_replies + d.human_replies)::int as n
    from b join analytics_daily d on d.brand_id = b.id and d.day >= b.since
  ),
  cm as (
    select c.brand_id, (c.created_at at time zone b.time_zone)::date as day, count(*)::int as n
    from b join comments c on c.brand_id = b.id and c.created_at >= (b.since::timestamp at time zone b.time_zone)
    where c.replied
    group by 1, 2
  )`;

export function createUsageService({ db }: { db: Database }) {
  return {
    async usage(userId: string, workspaceId: string): Promise<Usage> {
      await authorizeWorkspace(db, userId, 'usage.read', workspaceId);
      const perBrand = (await db.execute(sql`with ${brandMonths(workspaceId)}
        select b.id as brand_id, b.name,
          coalesce((select sum(n) from dm where dm.brand_id = b.id), 0)::int as dms,
          coalesce((select sum(n) from cm where cm.brand_id = b.id), 0)::int as comments
        from b order by b.name, b.id`)) as unknown as Rows<{
        brand_id: string;
        name: string;
        dms: number;
        comments: number;
      }>;
      const perDay = (await db.execute(sql`with ${brandMonths(workspaceId)}
        select to_char(day, 'YYYY-MM-DD') as day, sum(dms)::int as dms, sum(comments)::int as comments
        from (select day, n as dms, 0 as comments from dm union all select day, 0, n from cm) x
        group by day order by day`)) as unknown as Rows<{ day: string; dms: number; comments: number }>;
      const [month] = (
        (await db.execute(
          sql`select to_char(date_trunc('month', now()), 'YYYY-MM-DD') as month`,
        )) as unknown as Rows<{ month: string }>
      ).rows;
      const brands = perBrand.rows.map((row) => ({
        brandId: row.brand_id,
        name: row.name,
        dms: Number(row.dms),
        comments: Number(row.comments),
      }));
      return {
        plan: planName,
        month: month!.month,
        dms: brands.reduce((sum, brand) => sum + brand.dms, 0),
        comments: brands.reduce((sum, brand) => sum + brand.comments, 0),
        brands,
        days: perDay.rows.map((row) => ({
          day: row.day,
          dms: Number(row.dms),
          comments: Number(row.comments),
        })),
      };
    },

    /** The sidebar footer: one statement, membership included (0 outside the caller's workspaces). */
    async summary(userId: string, workspaceId: string): Promise<UsageSummary> {
      const result = (await db.execute(sql`with ${brandMonths(workspaceId)}
        select case when exists (
            select 1 from workspace_members m where m.workspace_id = ${workspaceId}::uuid and m.user_id = ${userId}::uuid)
          then (select coalesce(sum(n), 0) from dm) + (select coalesce(sum(n), 0) from cm)
          else null end::int as answered`)) as unknown as Rows<{ answered: number | null }>;
      const answered = result.rows[0]?.answered;
      if (answered === null || answered === undefined) {
        // Not a member: the same answer as a missing workspace.
        await authorizeWorkspace(db, userId, 'usage.read', workspaceId);
      }
      return { plan: planName, answered: Number(answered ?? 0) };
    },
  };
}
