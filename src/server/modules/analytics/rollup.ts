import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/**
 * The daily roll-up behind the Performance screen (decision 028). A brand's day is always recomputed whole from the
 * rows it counts (messages, comments, conversations, assistant traces), never incremented, so the running roll-up,
 * a replayed event and `rebuild-analytics` all land on the same numbers. Days are cut in the brand's time zone.
 */

type Rows = { rows: Record<string, unknown>[] };
const run = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as Rows).rows;

/** One lock for the roll-up's writers (the job and the rebuild), so two never recompute the same day at once. */
const lockRollup = (db: Database) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('analytics-rollup'))`);

/** The roll-up's tables, each a function of one brand's days. */
const rollupTables = [
  'analytics_daily',
  'analytics_conversations',
  'analytics_response_daily',
  'analytics_counts_daily',
  'analytics_products_daily',
  'analytics_sold_out_daily',
  'analytics_rules_daily',
] as const;

/**
 * The monthly sums of the additive daily tables: a long range reads its whole months here and only its partial
 * months' days from the daily table (decision 040). Each is recomputed from its daily rows for the brand-months
 * whose days were recomputed.
 */
export const monthlyTables = [
  {
    monthly: 'analytics_monthly',
    daily: 'analytics_daily',
    keys: [],
    sums: ['conversations', 'automated', 'handoffs', 'inbound', 'comments', 'ai_replies', 'human_replies'],
    latest: [],
  },
  {
    monthly: 'analytics_response_monthly',
    daily: 'analytics_response_daily',
    keys: ['responder', 'bucket_ms'],
    sums: ['conversations'],
    latest: [],
  },
  {
    monthly: 'analytics_counts_monthly',
    daily: 'analytics_counts_daily',
    keys: ['dimension', 'key'],
    sums: ['count'],
    latest: [],
  },
  {
    monthly: 'analytics_products_monthly',
    daily: 'analytics_products_daily',
    keys: ['product_id'],
    sums: ['asks'],
    latest: ['product_title'],
  },
  {
    monthly: 'analytics_rules_monthly',
    daily: 'analytics_rules_daily',
    keys: ['rule_id'],
    sums: ['matched', 'sent', 'conversations', 'links', 'orders'],
    latest: ['rule_name'],
  },
] as const;

/** Recomputes the monthly sums of the brand-months that hold the given days, from the daily rows. */
async function recomputeMonths(db: Database, days: BrandDay[]): Promise<void> {
  if (days.length === 0) return;
  const brandIds = `{${days.map((d) => d.brandId).join(',')}}`;
  const dayList = `{${days.map((d) => d.day).join(',')}}`;
  const withMonths = sql`with mo as materialized (
    select distinct x.brand_id, date_trunc('month', x.day)::date as month
    from unnest(${brandIds}::uuid[], ${dayList}::date[]) as x(brand_id, day)
  )`;
  for (const table of monthlyTables) {
    const keys = table.keys.map((key) => `t.${key}`);
    const columns = ['brand_id', 'month', ...table.keys, ...table.sums, ...table.latest].join(', ');
    const values = [
      't.brand_id',
      'mo.month',
      ...keys,
      ...table.sums.map((column) => `sum(t.${column})`),
      ...table.latest.map((column) => `max(t.${column})`),
    ].join(', ');
    await db.execute(sql`${withMonths}
      delete from ${sql.raw(table.monthly)} m using mo where m.brand_id = mo.brand_id and m.month = mo.month`);
    await db.execute(sql`${withMonths}
      insert into ${sql.raw(table.monthly)} (${sql.raw(columns)})
      select ${sql.raw(values)}
      from mo cross join lateral (
        select * from ${sql.raw(table.daily)} s
        where s.brand_id = mo.brand_id and s.day >= mo.month and s.day < (mo.month + interval '1 month')::date
        offset 0
      ) t
      group by ${sql.raw(['t.brand_id', 'mo.month', ...keys].join(', '))}`);
  }
}

/** A brand's day: the day in the brand's time zone. */
export interface BrandDay {
  brandId: string;
  day: string;
}

/**
 * Recomputes the given brand-days, all of them at once: one delete and one insert per roll-up table, each joining
 * the source rows to the list of days through its (brand_id, created_at) index, so the cost follows the rows of the
 * days touched, not the number of statements per day (decision 040). The caller holds the roll-up lock in a
 * transaction.
 */
async function recomputeDays(db: Database, days: BrandDay[]): Promise<void> {
  if (days.length === 0) return;
  const brandIds = `{${days.map((d) => d.brandId).join(',')}}`;
  const dayList = `{${days.map((d) => d.day).join(',')}}`;
  // Each day's exact bounds in its brand's zone; every source row joins the day whose bounds hold it.
  const withDays = sql`with d as materialized (
    select x.brand_id, x.day, b.time_zone as tz,
      (x.day::timestamp at time zone b.time_zone) as lo,
      ((x.day + 1)::timestamp at time zone b.time_zone) as hi
    from unnest(${brandIds}::uuid[], ${dayList}::date[]) as x(brand_id, day)
    join brands b on b.id = x.brand_id
  )`;
  // A day's rows of a source table, through its (brand_id, created_at) index: `offset 0` keeps the subquery a
  // per-day index range scan (flattened into a join, the planner hashes the whole table against the day list).
  const rowsOf = (table: string, alias: string) =>
    sql`cross join lateral (
      select * from ${sql.raw(table)} s
      where s.brand_id = d.brand_id and s.created_at >= d.lo and s.created_at < d.hi offset 0
    ) ${sql.raw(alias)}`;

  for (const table of rollupTables.filter((t) => t !== 'analytics_conversations'))
    await db.execute(sql`${withDays}
      delete from ${sql.raw(table)} t using d where t.brand_id = d.brand_id and t.day = d.day`);

  // First response times by day as a histogram of values rounded to two significant figures, so a range's
  // percentiles add up buckets instead of sorting every conversation (decision 040).
  await db.execute(sql`${withDays}
    insert into analytics_response_daily (brand_id, day, responder, bucket_ms, conversations)
    select a.brand_id, a.day, x.responder, x.bucket_ms, count(*)
    from d
    join analytics_conversations a on a.brand_id = d.brand_id and a.day = d.day
    cross join lateral (values ('ai', ${bucketOf(sql`a.ai_first_ms`)}), ('human', ${bucketOf(sql`a.human_first_ms`)}))
      as x(responder, bucket_ms)
    where x.bucket_ms is not null
    group by 1, 2, 3, 4`);

  await db.execute(sql`${withDays}
    insert into analytics_daily
      (brand_id, day, conversations, automated, handoffs, inbound, comments, ai_replies, human_replies)
    select brand_id, day, sum(conversations), sum(automated), sum(handoffs), sum(inbound), sum(comments),
      sum(ai_replies), sum(human_replies)
    from (
      select d.brand_id, d.day, count(a.*) as conversations,
        count(*) filter (where a.has_ai and not a.handed_off and not a.person) as automated,
        count(*) filter (where a.handed_off) as handoffs,
        0 as inbound, 0 as comments, 0 as ai_replies, 0 as human_replies
      from d join analytics_conversations a on a.brand_id = d.brand_id and a.day = d.day
      group by 1, 2
      union all
      select d.brand_id, d.day, 0, 0, 0,
        count(*) filter (where m.sender = 'customer'), 0,
        count(*) filter (where m.sender = 'ai'), count(*) filter (where m.sender = 'agent')
      from d ${rowsOf('messages', 'm')}
      group by 1, 2
      union all
      select d.brand_id, d.day, 0, 0, 0, 0, count(*), 0, 0
      from d ${rowsOf('comments', 'cm')}
      group by 1, 2
    ) x
    group by brand_id, day`);

  // Answer kinds of the replies sent, and why conversations went to a person.
  await db.execute(sql`${withDays}
    insert into analytics_counts_daily (brand_id, day, dimension, key, count)
    select d.brand_id, d.day, 'answer_kind', t.trace ->> 'answerKind', count(*)
    from d ${rowsOf('assistant_traces', 't')}
    where t.outcome = 'replied' and t.trace ->> 'answerKind' is not null
    group by 1, 2, 4
    union all
    select d.brand_id, d.day, 'handoff_reason',
      case
        when t.rule_id is not null and r.trigger_config ->> 'type' = 'outside_business_hours' then 'out_of_hours'
        when t.rule_id is not null then 'rule'
        when t.intent = 'human' then 'asked_for_person'
        when t.intent = 'complaint' then 'complaint'
        else 'other'
      end,
      count(*)
    from d ${rowsOf('assistant_traces', 't')} left join automation_rules r on r.id = t.rule_id
    where (t.trace ->> 'handedOff')::boolean
    group by 1, 2, 4`);

  await db.execute(sql`${withDays}
    insert into analytics_products_daily (brand_id, day, product_id, product_title, asks)
    select d.brand_id, d.day, t.product_id, max(t.product_title), count(*)
    from d ${rowsOf('assistant_traces', 't')}
    where t.product_id is not null
    group by 1, 2, 3`);

  // A buyer is the conversation, or for a comment answered before any conversation, the comment itself.
  await db.execute(sql`${withDays}
    insert into analytics_sold_out_daily
      (brand_id, day, variant_id, buyer, product_title, variant_title, asks, last_asked_at)
    select d.brand_id, d.day, t.variant_id, coalesce(t.conversation_id::text, t.event_key),
      coalesce(max(t.product_title), ''), coalesce(max(t.variant_title), ''), count(*), max(t.created_at)
    from d ${rowsOf('assistant_traces', 't')}
    where t.variant_id is not null and t.stock_available = false
    group by 1, 2, 3, 4`);

  // The funnel per rule: matched, a reply sent, a link in it, for a comment a conversation the commenter started
  // afterwards, and the paid, not cancelled orders attributed to those conversations (the revenue tables' rule of
  // a counted order), each order once per rule and day.
  await db.execute(sql`${withDays},
    tr as (
      select d.brand_id, d.day, t.event_key, t.rule_id, t.rule_name, t.outcome, t.link_url
      from d ${rowsOf('assistant_traces', 't')}
      where t.rule_id is not null
    ),
    followed as (
      select distinct tr.event_key, c.id as conversation_id
      from tr
      join comments cm on 'comment:' || cm.id::text = tr.event_key
      join conversations c on c.brand_id = cm.brand_id and c.customer_instagram_id = cm.from_instagram_id
        and c.created_at >= cm.created_at
      where tr.event_key like 'comment:%'
    ),
    orders as (
      select tr.brand_id, tr.day, tr.rule_id, count(distinct o.id) as orders
      from tr
      join followed f on f.event_key = tr.event_key
      join store_orders o on o.conversation_id = f.conversation_id
      where o.paid_at is not null and o.cancelled_at is null
      group by 1, 2, 3
    )
    insert into analytics_rules_daily
      (brand_id, day, rule_id, rule_name, matched, sent, conversations, links, orders)
    select tr.brand_id, tr.day, tr.rule_id, coalesce(max(tr.rule_name), ''), count(*),
      count(*) filter (where tr.outcome = 'replied'),
      count(*) filter (where exists (select 1 from followed f where f.event_key = tr.event_key)),
      count(*) filter (where tr.outcome = 'replied' and tr.link_url is not null),
      coalesce(max(o.orders), 0)
    from tr left join orders o on o.brand_id = tr.brand_id and o.day = tr.day and o.rule_id = tr.rule_id
    group by 1, 2, 3`);
}

/**
 * Recomputes the per-conversation rows of the given conversations (all of them when null). A conversation's row
 * depends only on its own messages, traces and status, and each of those changes records the conversation, so a
 * job run recomputes the conversations it was told about, not every conversation of their days (decision 040).
 * A deleted conversation's row goes with it (foreign key).
 */
async function recomputeConversations(db: Database, ids: string[] | null): Promise<void> {
  if (ids && ids.length === 0) return;
  const only = (column: SQL) => (ids ? sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])` : sql`true`);
  await db.execute(sql`delete from analytics_conversations where ${only(sql`conversation_id`)}`);
  await db.execute(sql`
    insert into analytics_conversations
      (conversation_id, brand_id, day, ai_first_ms, human_first_ms, has_ai, handed_off, person)
    select c.id, c.brand_id, (c.created_at at time zone b.time_zone)::date,
      round(extract(epoch from r.ai_at - f.first_at) * 1000)::int,
      round(extract(epoch from r.agent_at - f.first_at) * 1000)::int,
      exists (select 1 from messages m where m.conversation_id = c.id and m.sender = 'ai'),
      c.status = 'escalated' or exists (
        select 1 from assistant_traces t where t.conversation_id = c.id and (t.trace ->> 'handedOff')::boolean
      ),
      c.handled_by = 'person' or exists (
        select 1 from messages m where m.conversation_id = c.id and m.sender = 'agent'
      )
    from conversations c
    join brands b on b.id = c.brand_id
    cross join lateral (
      select min(m.created_at) as first_at from messages m where m.conversation_id = c.id and m.sender = 'customer'
    ) f
    cross join lateral (
      select min(m.created_at) filter (where m.sender = 'ai') as ai_at,
        min(m.created_at) filter (where m.sender = 'agent') as agent_at
      from messages m where m.conversation_id = c.id and m.created_at >= f.first_at
    ) r
    where ${only(sql`c.id`)}`);
}

/** A response time rounded to two significant figures (0 stays 0; null stays null). */
const bucketOf = (value: SQL) =>
  sql`case when ${value} is null then null when ${value} <= 0 then 0
    else round(${value}::numeric, 1 - floor(log(${value}::numeric))::int)::int end`;

const TAKE_BATCH = 5000;

/**
 * Takes the changes recorded since the last run (in batches) and recomputes the days they touch: the day of the
 * row itself, the day its conversation started (conversation figures count there), and for a new conversation the
 * days of the commenter's earlier comment replies (the rules funnel's "conversations that followed").
 * Returns how many brand-days were recomputed.
 */
export async function rollUpChanges(db: Database): Promise<number> {
  let recomputed = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      await lockRollup(tx);
      const rows = await run(
        tx,
        sql`
        with taken as (
          delete from analytics_dirty
          where id in (select id from analytics_dirty order by id limit ${TAKE_BATCH})
          returning brand_id, at, conversation_id
        ),
        touched as (
          select brand_id, at from taken
          union all
          select c.brand_id, c.created_at from taken join conversations c on c.id = taken.conversation_id
          union all
          select c.brand_id, t.created_at
          from taken
          join conversations c on c.id = taken.conversation_id
          join comments cm on cm.brand_id = c.brand_id and cm.from_instagram_id = c.customer_instagram_id
          join assistant_traces t on t.event_key = 'comment:' || cm.id::text
        )
        select (select count(*) from taken)::int as taken, x.brand_id::text as brand_id,
          array_agg(distinct (x.at at time zone b.time_zone)::date::text) as days,
          (select array_agg(distinct conversation_id::text) from taken where conversation_id is not null)
            as conversations
        from touched x join brands b on b.id = x.brand_id
        group by x.brand_id`,
      );
      const days = rows.flatMap((row) =>
        parseDays(row.days).map((day) => ({ brandId: String(row.brand_id), day })),
      );
      // The conversations first: a day's conversation figures add up their rows.
      await recomputeConversations(tx, rows.length === 0 ? [] : parseDays(rows[0]!.conversations));
      await recomputeDays(tx, days);
      await recomputeMonths(tx, days);
      recomputed += days.length;
      return rows.length === 0 ? 0 : Number(rows[0]!.taken);
    });
    if (taken < TAKE_BATCH) return recomputed;
  }
}

/** Postgres arrays (of days or ids) arrive as arrays (pg) or as their text form (some drivers); accept both. */
function parseDays(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '');
  return text === '{}' || text === '' ? [] : text.replace(/^\{|\}$/g, '').split(',');
}

/**
 * Rebuilds the whole roll-up from the rows it counts (`npm run admin -- rebuild-analytics`). The recorded changes
 * are taken first, so a change committed during the rebuild is still recomputed by the next job run.
 */
export async function rebuildAnalytics(db: Database): Promise<{ brands: number }> {
  return db.transaction(async (tx) => {
    await lockRollup(tx);
    await tx.execute(sql`delete from analytics_dirty`);
    for (const table of [...rollupTables, ...monthlyTables.map((t) => t.monthly)])
      await tx.execute(sql`delete from ${sql.raw(table)}`);
    // Every brand-day that holds a row the roll-up counts, computed in one pass like a job run's days.
    const rows = await run(
      tx,
      sql`select x.brand_id::text as brand_id, array_agg(distinct (x.at at time zone b.time_zone)::date::text) as days
      from (
        select brand_id, created_at as at from conversations
        union all select brand_id, created_at from messages
        union all select brand_id, created_at from comments
        union all select brand_id, created_at from assistant_traces
      ) x join brands b on b.id = x.brand_id
      group by x.brand_id`,
    );
    const brands = await run(tx, sql`select count(*)::int as count from brands`);
    const days = rows.flatMap((row) =>
      parseDays(row.days).map((day) => ({ brandId: String(row.brand_id), day })),
    );
    await recomputeConversations(tx, null);
    await recomputeDays(tx, days);
    await recomputeMonths(tx, days);
    // Every roll-up row is new: fresh planner statistics keep the reads on their indexes and hash aggregates.
    for (const table of [...rollupTables, ...monthlyTables.map((t) => t.monthly)])
      await tx.execute(sql`analyze ${sql.raw(table)}`);
    return { brands: Number(brands[0]?.count ?? 0) };
  });
}
