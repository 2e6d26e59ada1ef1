import { sql, type SQL } from 'drizzle-orm';
import type { Analytics, AnalyticsTotals } from '#contracts/analytics.ts';
import type { Database } from '#server/db/client.ts';

type Rows = { rows: Record<string, unknown>[] };
const run = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as Rows).rows;

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value));
const brandList = (brandIds: string[]) => `{${brandIds.join(',')}}`;

/** The scope of every read: the given brands' roll-up rows between two days, both counted. */
const inScope = (brandIds: string[], from: string, to: string) =>
  sql`brand_id = any(${brandList(brandIds)}::uuid[]) and day between ${from}::date and ${to}::date`;

export async function readTotals(
  db: Database,
  brandIds: string[],
  from: string,
  to: string,
): Promise<AnalyticsTotals> {
  const scope = inScope(brandIds, from, to);
  const [[sums], [times]] = await Promise.all([
    run(
      db,
      sql`select sum(conversations) as conversations, sum(automated) as automated, sum(handoffs) as handoffs,
        sum(inbound) as inbound, sum(comments) as comments, sum(ai_replies) as ai_replies,
        sum(human_replies) as human_replies
      from analytics_daily where ${scope}`,
    ),
    run(
      db,
      sql`select percentile_disc(0.5) within group (order by ai_first_ms) as ai_p50,
        percentile_disc(0.9) within group (order by ai_first_ms) as ai_p90,
        percentile_disc(0.5) within group (order by human_first_ms) as human_p50,
        percentile_disc(0.9) within group (order by human_first_ms) as human_p90
      from analytics_conversations where ${scope}`,
    ),
  ]);
  const conversations = num(sums?.conversations);
  const rate = (count: number) => (conversations === 0 ? null : count / conversations);
  return {
    conversations,
    inbound: num(sums?.inbound),
    comments: num(sums?.comments),
    aiReplies: num(sums?.ai_replies),
    humanReplies: num(sums?.human_replies),
    handoffs: num(sums?.handoffs),
    automationRate: rate(num(sums?.automated)),
    handoffRate: rate(num(sums?.handoffs)),
    firstResponseMs: {
      ai: { p50: numOrNull(times?.ai_p50), p90: numOrNull(times?.ai_p90) },
      human: { p50: numOrNull(times?.human_p50), p90: numOrNull(times?.human_p90) },
    },
  };
}

const LIST_SIZE = 10;

export async function readBreakdowns(
  db: Database,
  brandIds: string[],
  from: string,
  to: string,
): Promise<Omit<Analytics, 'from' | 'to' | 'totals' | 'previous'>> {
  const scope = inScope(brandIds, from, to);
  const [daily, counts, products, soldOut, rules] = await Promise.all([
    run(
      db,
      sql`select d::date::text as date, coalesce(sum(a.conversations), 0) as conversations,
        coalesce(sum(a.inbound), 0) as inbound, coalesce(sum(a.comments), 0) as comments,
        coalesce(sum(a.ai_replies), 0) as ai_replies, coalesce(sum(a.human_replies), 0) as human_replies,
        coalesce(sum(a.handoffs), 0) as handoffs
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      left join analytics_daily a on a.day = d::date and a.brand_id = any(${brandList(brandIds)}::uuid[])
      group by d order by d`,
    ),
    run(
      db,
      sql`select dimension, key, sum(count) as count from analytics_counts_daily where ${scope}
      group by dimension, key order by sum(count) desc, key`,
    ),
    run(
      db,
      sql`select product_id::text as product_id, max(product_title) as product_title, sum(asks) as asks
      from analytics_products_daily where ${scope}
      group by product_id order by sum(asks) desc, max(product_title) limit ${LIST_SIZE}`,
    ),
    run(
      db,
      sql`select brand_id::text as brand_id, variant_id::text as variant_id, max(product_title) as product_title,
        max(variant_title) as variant_title, count(distinct buyer) as buyers, sum(asks) as asks,
        max(last_asked_at) as last_asked_at
      from analytics_sold_out_daily where ${scope}
      group by brand_id, variant_id order by count(distinct buyer) desc, max(last_asked_at) desc limit ${LIST_SIZE}`,
    ),
    // The rule's current name when it still exists, else the name it had when it matched.
    run(
      db,
      sql`select a.rule_id::text as rule_id, coalesce(max(r.name), max(a.rule_name)) as name,
        sum(a.matched) as matched, sum(a.sent) as sent, sum(a.conversations) as conversations,
        sum(a.links) as links
      from analytics_rules_daily a left join automation_rules r on r.id = a.rule_id
      where a.${inScope(brandIds, from, to)}
      group by a.rule_id order by sum(a.matched) desc, 2`,
    ),
  ]);
  return {
    daily: daily.map((row) => ({
      date: String(row.date),
      conversations: num(row.conversations),
      inbound: num(row.inbound),
      comments: num(row.comments),
      aiReplies: num(row.ai_replies),
      humanReplies: num(row.human_replies),
      handoffs: num(row.handoffs),
    })),
    answerKinds: counts
      .filter((row) => row.dimension === 'answer_kind')
      .map((row) => ({ kind: String(row.key), count: num(row.count) })),
    handoffReasons: counts
      .filter((row) => row.dimension === 'handoff_reason')
      .map((row) => ({ reason: String(row.key), count: num(row.count) })),
    topProducts: products.map((row) => ({
      productId: String(row.product_id),
      productTitle: String(row.product_title),
      asks: num(row.asks),
    })),
    soldOutDemand: soldOut.map((row) => ({
      brandId: String(row.brand_id),
      variantId: String(row.variant_id),
      productTitle: String(row.product_title),
      variantTitle: String(row.variant_title),
      buyers: num(row.buyers),
      asks: num(row.asks),
      lastAskedAt: (row.last_asked_at instanceof Date
        ? row.last_asked_at
        : new Date(String(row.last_asked_at))
      ).toISOString(),
    })),
    rules: rules.map((row) => ({
      ruleId: String(row.rule_id),
      name: String(row.name),
      matched: num(row.matched),
      sent: num(row.sent),
      conversations: num(row.conversations),
      links: num(row.links),
    })),
  };
}
