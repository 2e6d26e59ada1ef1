import { sql, type SQL } from 'drizzle-orm';
import { utcDayOf } from '#contracts/calendar.ts';
import type { Database } from '#server/db/client.ts';

/**
 * The daily roll-up behind the Performance screen (decision 028). A brand's day is recomputed from the rows it
 * counts (comments, conversations, assistant traces), so the running roll-up, a replayed event and
 * `rebuild-analytics` all land on the same numbers; the exception is its message counts (inbound, AI and human
 * replies), to which the job adds each recorded message exactly once, taking the record in the same statement
 * (decision 055). Days are cut in the brand's time zone.
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

/** `with mo`: the brand-months (brand_id, month: its first day) that hold the given days, once each. */
function monthsOf(days: BrandDay[]) {
  const brandIds = `{${days.map((d) => d.brandId).join(',')}}`;
  const dayList = `{${days.map((d) => d.day).join(',')}}`;
  return sql`with mo as materialized (
    select distinct x.brand_id, date_trunc('month', x.day)::date as month
    from unnest(${brandIds}::uuid[], ${dayList}::date[]) as x(brand_id, day)
  )`;
}

/** Recomputes the monthly sums of the brand-months that hold the given days, from the daily rows. */
async function recomputeMonths(
  db: Database,
  days: BrandDay[],
  tables: readonly (typeof monthlyTables)[number][] = monthlyTables,
): Promise<void> {
  if (days.length === 0) return;
  const withMonths = monthsOf(days);
  for (const table of tables) {
    const keys = (table.keys as readonly string[]).map((key) => `t.${key}`);
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

/**
 * Recomputes the sold-out demand of the brand-months that hold the given days from their daily rows: per variant and
 * `since` (a buyer's first row in the month keeps its previous day asking, -infinity for none; its other rows the
 * month itself), so a range of whole months counts each buyer once (decision 055).
 */
async function recomputeSoldOutMonths(db: Database, days: BrandDay[]): Promise<void> {
  if (days.length === 0) return;
  const withMonths = monthsOf(days);
  await db.execute(sql`${withMonths}
    delete from analytics_sold_out_monthly m using mo where m.brand_id = mo.brand_id and m.month = mo.month`);
  await db.execute(sql`${withMonths}
    insert into analytics_sold_out_monthly
      (brand_id, month, variant_id, since, product_title, variant_title, buyers, asks, last_asked_at)
    select t.brand_id, mo.month, t.variant_id,
      case when t.prev_day is null then '-infinity'::date when t.prev_day < mo.month then t.prev_day else mo.month end,
      max(t.product_title), max(t.variant_title), count(*), sum(t.asks), max(t.last_asked_at)
    from mo cross join lateral (
      select * from analytics_sold_out_daily s
      where s.brand_id = mo.brand_id and s.day >= mo.month and s.day < (mo.month + interval '1 month')::date
      offset 0
    ) t
    group by 1, 2, 3, 4`);
}

/** A brand's day: the day in the brand's time zone. */
export interface BrandDay {
  brandId: string;
  day: string;
}

/** Each day's exact bounds in its brand's zone; every source row joins the day whose bounds hold it. */
function withDaysOf(days: BrandDay[]): SQL {
  const brandIds = `{${days.map((d) => d.brandId).join(',')}}`;
  const dayList = `{${days.map((d) => d.day).join(',')}}`;
  return sql`with d as materialized (
    select x.brand_id, x.day, b.time_zone as tz,
      (x.day::timestamp at time zone b.time_zone) as lo,
      ((x.day + 1)::timestamp at time zone b.time_zone) as hi
    from unnest(${brandIds}::uuid[], ${dayList}::date[]) as x(brand_id, day)
    join brands b on b.id = x.brand_id
  )`;
}

/** A day's figures that only its conversations make: the response-time histogram, and the conversation counts. */
async function recomputeConversationFigures(db: Database, withDays: SQL, comments: boolean): Promise<void> {
  await db.execute(sql`${withDays}
    delete from analytics_response_daily t using d where t.brand_id = d.brand_id and t.day = d.day`);
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
  // The day's row keeps its message counts (the job adds those, decision 055): only these columns are written.
  const columns = comments ? sql`, comments` : sql``;
  await db.execute(sql`${withDays}
    insert into analytics_daily (brand_id, day, conversations, automated, handoffs ${columns})
    select d.brand_id, d.day, a.conversations, a.automated, a.handoffs
      ${comments ? sql`, (select count(*) from comments cm where cm.brand_id = d.brand_id and cm.created_at >= d.lo and cm.created_at < d.hi)` : sql``}
    from d cross join lateral (
      select count(*) as conversations,
        count(*) filter (where a.has_ai and not a.handed_off and not a.person) as automated,
        count(*) filter (where a.handed_off) as handoffs
      from analytics_conversations a where a.brand_id = d.brand_id and a.day = d.day
    ) a
    on conflict (brand_id, day) do update set conversations = excluded.conversations,
      automated = excluded.automated, handoffs = excluded.handoffs
      ${comments ? sql`, comments = excluded.comments` : sql``}`);
  await dropEmptyDays(db, withDays);
}

/** A day with nothing to count has no row (as a day never touched). */
const dropEmptyDays = (db: Database, withDays: SQL) =>
  db.execute(sql`${withDays}
    delete from analytics_daily t using d where t.brand_id = d.brand_id and t.day = d.day
      and t.conversations = 0 and t.automated = 0 and t.handoffs = 0 and t.inbound = 0 and t.comments = 0
      and t.ai_replies = 0 and t.human_replies = 0`);

/**
 * Recomputes the given brand-days, all of them at once: one delete and one insert per roll-up table, each joining
 * the source rows to the list of days through its (brand_id, created_at) index, so the cost follows the rows of the
 * days touched, not the number of statements per day (decision 040). The days' message counts are left as they are
 * (decision 055). The caller holds the roll-up lock in a transaction.
 */
async function recomputeDays(db: Database, days: BrandDay[]): Promise<BrandDay[]> {
  if (days.length === 0) return [];
  const withDays = withDaysOf(days);
  // A day's rows of a source table, through its (brand_id, created_at) index: `offset 0` keeps the subquery a
  // per-day index range scan (flattened into a join, the planner hashes the whole table against the day list).
  const rowsOf = (table: string, alias: string) =>
    sql`cross join lateral (
      select * from ${sql.raw(table)} s
      where s.brand_id = d.brand_id and s.created_at >= d.lo and s.created_at < d.hi offset 0
    ) ${sql.raw(alias)}`;

  for (const table of ['analytics_counts_daily', 'analytics_products_daily', 'analytics_rules_daily'])
    await db.execute(sql`${withDays}
      delete from ${sql.raw(table)} t using d where t.brand_id = d.brand_id and t.day = d.day`);

  await recomputeConversationFigures(db, withDays, true);

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

  // A buyer is the conversation, or for a comment answered before any conversation, the comment itself. Each row
  // keeps the buyer's previous day asking for the variant (decision 055), so the rows of the buyers whose days
  // changed (those removed here, those written) are given theirs again after the insert.
  const [removed] = await run(
    db,
    sql`${withDays}, gone as (
      delete from analytics_sold_out_daily t using d where t.brand_id = d.brand_id and t.day = d.day
      returning t.brand_id, t.variant_id, t.buyer
    )
    select coalesce(json_agg(distinct jsonb_build_object('brand_id', brand_id, 'variant_id', variant_id,
      'buyer', buyer))::text, '[]') as keys from gone`,
  );
  await db.execute(sql`${withDays}
    insert into analytics_sold_out_daily
      (brand_id, day, variant_id, buyer, product_title, variant_title, asks, last_asked_at)
    select d.brand_id, d.day, t.variant_id, coalesce(t.conversation_id::text, t.event_key),
      coalesce(max(t.product_title), ''), coalesce(max(t.variant_title), ''), count(*), max(t.created_at)
    from d ${rowsOf('assistant_traces', 't')}
    where t.variant_id is not null and t.stock_available = false
    group by 1, 2, 3, 4`);
  const renumbered = await run(
    db,
    sql`${withDays},
    buyers as (
      select s.brand_id, s.variant_id, s.buyer
      from d join analytics_sold_out_daily s on s.brand_id = d.brand_id and s.day = d.day
      union
      select k.brand_id, k.variant_id, k.buyer
      from jsonb_to_recordset(${String(removed?.keys ?? '[]')}::jsonb) as k(brand_id uuid, variant_id uuid, buyer text)
    ),
    previous as (
      select s.brand_id, s.day, s.variant_id, s.buyer,
        lag(s.day) over (partition by s.brand_id, s.variant_id, s.buyer order by s.day) as prev_day
      from buyers k
      join analytics_sold_out_daily s on s.brand_id = k.brand_id and s.variant_id = k.variant_id and s.buyer = k.buyer
    )
    update analytics_sold_out_daily t set prev_day = p.prev_day
    from previous p
    where t.brand_id = p.brand_id and t.day = p.day and t.variant_id = p.variant_id and t.buyer = p.buyer
      and t.prev_day is distinct from p.prev_day
    returning t.brand_id::text as brand_id, t.day::text as day`,
  );

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
  // A buyer's later rows, possibly in other months, whose previous day changed: their months' sums follow.
  return renumbered.map((row) => ({ brandId: String(row.brand_id), day: dayOf(row.day) }));
}

/** Each conversation's row as its messages, traces and status make it now. */
const conversationRows = (where: SQL) => sql`
    select c.id as conversation_id, c.brand_id, (c.created_at at time zone b.time_zone)::date as day,
      round(extract(epoch from r.ai_at - f.first_at) * 1000)::int as ai_first_ms,
      round(extract(epoch from r.agent_at - f.first_at) * 1000)::int as human_first_ms,
      exists (select 1 from messages m where m.conversation_id = c.id and m.sender = 'ai') as has_ai,
      c.status = 'escalated' or exists (
        select 1 from assistant_traces t where t.conversation_id = c.id and (t.trace ->> 'handedOff')::boolean
      ) as handed_off,
      c.handled_by = 'person' or exists (
        select 1 from messages m where m.conversation_id = c.id and m.sender = 'agent'
      ) as person
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
    where ${where}`;

const conversationColumns = sql.raw(
  'conversation_id, brand_id, day, ai_first_ms, human_first_ms, has_ai, handed_off, person',
);

/**
 * Recomputes the per-conversation rows of the given conversations (all of them when null). A conversation's row
 * depends only on its own messages, traces and status, and each of those changes records the conversation, so a
 * job run recomputes the conversations it was told about, not every conversation of their days (decision 040).
 * Only the rows that came out different are written, and their days (before and after) returned: the days whose
 * conversation figures must be recomputed (decision 055). A deleted conversation's row goes with it (foreign key).
 */
async function recomputeConversations(db: Database, ids: string[] | null): Promise<BrandDay[]> {
  if (ids === null) {
    await db.execute(sql`delete from analytics_conversations`);
    await db.execute(
      sql`insert into analytics_conversations (${conversationColumns}) ${conversationRows(sql`true`)}`,
    );
    return [];
  }
  if (ids.length === 0) return [];
  const only = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const changed = await run(
    db,
    sql`with fresh as (${conversationRows(sql`c.id = any(${only})`)}),
    changed as (
      select f.*, o.brand_id as old_brand_id, o.day as old_day
      from fresh f left join analytics_conversations o on o.conversation_id = f.conversation_id
      where (f.brand_id, f.day, f.ai_first_ms, f.human_first_ms, f.has_ai, f.handed_off, f.person)
        is distinct from (o.brand_id, o.day, o.ai_first_ms, o.human_first_ms, o.has_ai, o.handed_off, o.person)
    ),
    written as (
      insert into analytics_conversations (${conversationColumns})
      select ${conversationColumns} from changed
      on conflict (conversation_id) do update set brand_id = excluded.brand_id, day = excluded.day,
        ai_first_ms = excluded.ai_first_ms, human_first_ms = excluded.human_first_ms, has_ai = excluded.has_ai,
        handed_off = excluded.handed_off, person = excluded.person
    )
    select brand_id::text as brand_id, day::text as day from changed
    union
    select old_brand_id::text, old_day::text from changed where old_brand_id is not null`,
  );
  return changed.map((row) => ({ brandId: String(row.brand_id), day: dayOf(row.day) }));
}

/** A date column arrives as text (pg with `::text`) or a Date (some drivers); the day either way. */
const dayOf = (value: unknown) => (value instanceof Date ? utcDayOf(value) : String(value).slice(0, 10));

/** A response time rounded to two significant figures (0 stays 0; null stays null). */
const bucketOf = (value: SQL) =>
  sql`case when ${value} is null then null when ${value} <= 0 then 0
    else round(${value}::numeric, 1 - floor(log(${value}::numeric))::int)::int end`;

const TAKE_BATCH = 5000;

/** The message counts among the monthly sums: a message's delta changes only these (decision 055). */
const messageMonths = monthlyTables.filter((t) => t.monthly === 'analytics_monthly');
/** The conversation figures among the monthly sums. */
const conversationMonths = monthlyTables.filter(
  (t) => t.monthly === 'analytics_monthly' || t.monthly === 'analytics_response_monthly',
);

/**
 * Takes the changes recorded since the last run (in batches). A message written or deleted is added to (or taken
 * from) its day's counts in the statement that takes its record, so it counts exactly once however runs and
 * rebuilds interleave (decision 055), and its conversation's row is recomputed: only when that row changes are the
 * conversation figures of its day recomputed. Any other change recomputes the days it touches: the day of the row
 * itself, the day its conversation started (conversation figures count there), and for a new conversation the days
 * of the commenter's earlier comment replies (the rules funnel's "conversations that followed").
 * Returns how many brand-days were recomputed or changed.
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
          returning brand_id, at, conversation_id, sender, sign
        ),
        added as (
          insert into analytics_daily (brand_id, day, inbound, ai_replies, human_replies)
          select x.brand_id, (x.at at time zone b.time_zone)::date,
            coalesce(sum(x.sign) filter (where x.sender = 'customer'), 0),
            coalesce(sum(x.sign) filter (where x.sender = 'ai'), 0),
            coalesce(sum(x.sign) filter (where x.sender = 'agent'), 0)
          from taken x join brands b on b.id = x.brand_id
          where x.sender is not null
          group by 1, 2
          on conflict (brand_id, day) do update set inbound = analytics_daily.inbound + excluded.inbound,
            ai_replies = analytics_daily.ai_replies + excluded.ai_replies,
            human_replies = analytics_daily.human_replies + excluded.human_replies
          returning brand_id, day
        ),
        other as (select * from taken where sender is null),
        touched as (
          select brand_id, at from other
          union all
          select c.brand_id, c.created_at from other join conversations c on c.id = other.conversation_id
          union all
          select c.brand_id, t.created_at
          from other
          join conversations c on c.id = other.conversation_id
          join comments cm on cm.brand_id = c.brand_id and cm.from_instagram_id = c.customer_instagram_id
          join assistant_traces t on t.event_key = 'comment:' || cm.id::text
        )
        select 'count' as kind, null as brand_id, (select count(*) from taken)::text as value
        union all
        select distinct 'day', x.brand_id::text, (x.at at time zone b.time_zone)::date::text
        from touched x join brands b on b.id = x.brand_id
        union all
        select distinct 'added', brand_id::text, day::text from added
        union all
        select distinct 'conversation', null, conversation_id::text from taken where conversation_id is not null`,
      );
      const of = (kind: string) => rows.filter((row) => row.kind === kind);
      const pairs = (kind: string) =>
        of(kind).map((row) => ({ brandId: String(row.brand_id), day: dayOf(row.value) }));
      const days = pairs('day');
      const added = pairs('added');
      const full = new Set(days.map((d) => `${d.brandId} ${d.day}`));
      // The conversations first: a day's conversation figures add up their rows.
      const changed = (
        await recomputeConversations(
          tx,
          of('conversation').map((row) => String(row.value)),
        )
      ).filter((d) => !full.has(`${d.brandId} ${d.day}`));
      const renumbered = await recomputeDays(tx, days);
      if (changed.length > 0) await recomputeConversationFigures(tx, withDaysOf(changed), false);
      if (added.length > 0) await dropEmptyDays(tx, withDaysOf(added));
      await recomputeMonths(tx, days);
      await recomputeSoldOutMonths(tx, [...days, ...renumbered]);
      await recomputeMonths(tx, changed, conversationMonths);
      await recomputeMonths(
        tx,
        added.filter((d) => !full.has(`${d.brandId} ${d.day}`)),
        messageMonths,
      );
      recomputed += days.length + changed.length + added.length;
      return Number(of('count')[0]?.value ?? 0);
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
 * Rebuilds the whole roll-up from the rows it counts (`npm run admin -- rebuild-analytics`). The day's message counts
 * are counted in the statement that takes the recorded changes (one snapshot: a message committed later is left to
 * the next job run, which adds it); every other change committed during the rebuild is recomputed by the next run.
 */
export async function rebuildAnalytics(db: Database): Promise<{ brands: number }> {
  return db.transaction(async (tx) => {
    await lockRollup(tx);
    for (const table of [
      ...rollupTables,
      ...monthlyTables.map((t) => t.monthly),
      'analytics_sold_out_monthly',
    ])
      await tx.execute(sql`delete from ${sql.raw(table)}`);
    await tx.execute(sql`
      with taken as (delete from analytics_dirty returning 1)
      insert into analytics_daily (brand_id, day, inbound, ai_replies, human_replies)
      select m.brand_id, (m.created_at at time zone b.time_zone)::date,
        count(*) filter (where m.sender = 'customer'), count(*) filter (where m.sender = 'ai'),
        count(*) filter (where m.sender = 'agent')
      from messages m join brands b on b.id = m.brand_id
      group by 1, 2`);
    // Every other brand-day that holds a row the roll-up counts (the messages' days have their counts now),
    // computed in one pass like a job run's days.
    const rows = await run(
      tx,
      sql`select x.brand_id::text as brand_id, array_agg(distinct (x.at at time zone b.time_zone)::date::text) as days
      from (
        select brand_id, created_at as at from conversations
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
    // The months of every day counted, the messages' days among them.
    const counted = await run(
      tx,
      sql`select brand_id::text as brand_id, array_agg(day::text) as days from analytics_daily group by 1`,
    );
    const seen = new Set(days.map((d) => `${d.brandId} ${d.day}`));
    for (const row of counted)
      for (const day of parseDays(row.days))
        if (!seen.has(`${String(row.brand_id)} ${day}`)) days.push({ brandId: String(row.brand_id), day });
    await recomputeMonths(tx, days);
    await recomputeSoldOutMonths(tx, days);
    // Every roll-up row is new: fresh planner statistics keep the reads on their indexes and hash aggregates.
    for (const table of [
      ...rollupTables,
      ...monthlyTables.map((t) => t.monthly),
      'analytics_sold_out_monthly',
    ])
      await tx.execute(sql`analyze ${sql.raw(table)}`);
    return { brands: Number(brands[0]?.count ?? 0) };
  });
}
