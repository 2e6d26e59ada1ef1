import { sql, type SQL } from 'drizzle-orm';
import type { Analytics, AnalyticsTotals } from '#contracts/analytics.ts';
import { wholeMonthsOf } from '#contracts/calendar.ts';
import type { Database } from '#server/db/client.ts';

type Rows = { rows: Record<string, unknown>[] };
const run = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as Rows).rows;

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const brandList = (brandIds: string[]) => `{${brandIds.join(',')}}`;

/**
 * The rows of a daily table and its monthly sums that together cover the range, with the given columns: a whole
 * month is read from the monthly sums, the rest from the daily rows (decision 040), so twelve months of twenty
 * brands read a few hundred rows per table.
 */
function covering(
  tables: { daily: string; monthly: string },
  columns: string,
  brandIds: string[],
  from: string,
  to: string,
): SQL {
  const parts = wholeMonthsOf(from, to);
  const brands = sql`brand_id = any(${brandList(brandIds)}::uuid[])`;
  const selects = parts.days.map(
    ([a, b]) =>
      sql`select ${sql.raw(columns)} from ${sql.raw(tables.daily)} where ${brands} and day between ${a}::date and ${b}::date`,
  );
  if (parts.months)
    selects.push(
      sql`select ${sql.raw(columns)} from ${sql.raw(tables.monthly)}
        where ${brands} and month between ${parts.months[0]}::date and ${parts.months[1]}::date`,
    );
  return sql.join(selects, sql` union all `);
}

/**
 * Sold-out demand's rows over the range, each buyer counted once, on its first row in the range: the one whose
 * previous day asking is before `from` (or none). The partial months read the daily rows; the whole months their
 * monthly rows by `since`, which is before `from` only for a buyer's first row in the month that had not asked since
 * before the range (decision 055). A plain sum, no distinct count to sort.
 */
function soldOutCovering(brandIds: string[], from: string, to: string): SQL {
  const parts = wholeMonthsOf(from, to);
  const brands = sql`brand_id = any(${brandList(brandIds)}::uuid[])`;
  const selects = parts.days.map(
    ([a, b]) =>
      sql`select brand_id, variant_id, product_title, variant_title,
        case when prev_day is null or prev_day < ${from}::date then 1 else 0 end as buyers, asks, last_asked_at
      from analytics_sold_out_daily where ${brands} and day between ${a}::date and ${b}::date`,
  );
  if (parts.months)
    selects.push(
      sql`select brand_id, variant_id, product_title, variant_title,
        case when since < ${from}::date then buyers else 0 end as buyers, asks, last_asked_at
      from analytics_sold_out_monthly
      where ${brands} and month between ${parts.months[0]}::date and ${parts.months[1]}::date`,
    );
  return sql.join(selects, sql` union all `);
}

const dailyTables = { daily: 'analytics_daily', monthly: 'analytics_monthly' };
const responseTables = { daily: 'analytics_response_daily', monthly: 'analytics_response_monthly' };

/**
 * The nearest-rank percentile (what percentile_disc gives) of a histogram sorted by value: the first value whose
 * running count reaches the fraction of all.
 */
function percentileOf(buckets: { value: number; count: number }[], percent: number): number | null {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  if (total === 0) return null;
  let running = 0;
  for (const bucket of buckets) {
    running += bucket.count;
    if (running * 100 >= total * percent) return bucket.value;
  }
  return buckets.at(-1)!.value;
}

export async function readTotals(
  db: Database,
  brandIds: string[],
  from: string,
  to: string,
): Promise<AnalyticsTotals> {
  const [[sums], times] = await Promise.all([
    run(
      db,
      sql`select sum(conversations) as conversations, sum(automated) as automated, sum(handoffs) as handoffs,
        sum(inbound) as inbound, sum(comments) as comments, sum(ai_replies) as ai_replies,
        sum(human_replies) as human_replies
      from (${covering(
        dailyTables,
        'conversations, automated, handoffs, inbound, comments, ai_replies, human_replies',
        brandIds,
        from,
        to,
      )}) x`,
    ),
    // First response times are kept rounded to two significant figures, so their percentiles are too.
    run(
      db,
      sql`select responder, bucket_ms, sum(conversations) as conversations
      from (${covering(responseTables, 'responder, bucket_ms, conversations', brandIds, from, to)}) x
      group by responder, bucket_ms order by responder, bucket_ms`,
    ),
  ]);
  const histogram = (responder: string) =>
    times
      .filter((row) => row.responder === responder)
      .map((row) => ({ value: num(row.bucket_ms), count: num(row.conversations) }));
  const ai = histogram('ai');
  const human = histogram('human');
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
      ai: { p50: percentileOf(ai, 50), p90: percentileOf(ai, 90) },
      human: { p50: percentileOf(human, 50), p90: percentileOf(human, 90) },
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
      sql`select dimension, key, sum(count) as count
      from (${covering(
        { daily: 'analytics_counts_daily', monthly: 'analytics_counts_monthly' },
        'dimension, key, count',
        brandIds,
        from,
        to,
      )}) x
      group by dimension, key order by sum(count) desc, key`,
    ),
    run(
      db,
      sql`select product_id::text as product_id, max(product_title) as product_title, sum(asks) as asks
      from (${covering(
        { daily: 'analytics_products_daily', monthly: 'analytics_products_monthly' },
        'product_id, product_title, asks',
        brandIds,
        from,
        to,
      )}) x
      group by product_id order by sum(asks) desc, max(product_title) limit ${LIST_SIZE}`,
    ),
    run(
      db,
      sql`select brand_id::text as brand_id, variant_id::text as variant_id, max(product_title) as product_title,
        max(variant_title) as variant_title, sum(buyers) as buyers, sum(asks) as asks,
        max(last_asked_at) as last_asked_at
      from (${soldOutCovering(brandIds, from, to)}) x
      group by brand_id, variant_id order by sum(buyers) desc, max(last_asked_at) desc limit ${LIST_SIZE}`,
    ),
    // The rule's current name when it still exists, else the name it had when it matched.
    run(
      db,
      sql`select a.rule_id::text as rule_id, coalesce(max(r.name), max(a.rule_name)) as name,
        sum(a.matched) as matched, sum(a.sent) as sent, sum(a.conversations) as conversations,
        sum(a.links) as links, sum(a.orders) as orders
      from (${covering(
        { daily: 'analytics_rules_daily', monthly: 'analytics_rules_monthly' },
        'rule_id, rule_name, matched, sent, conversations, links, orders',
        brandIds,
        from,
        to,
      )}) a left join automation_rules r on r.id = a.rule_id
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
      orders: num(row.orders),
    })),
  };
}
