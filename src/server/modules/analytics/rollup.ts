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
  'analytics_counts_daily',
  'analytics_products_daily',
  'analytics_sold_out_daily',
  'analytics_rules_daily',
] as const;

const DAY_MS = 86_400_000;

/**
 * Recomputes the given days of one brand (all of its days when `days` is null). The caller holds the roll-up lock in
 * a transaction.
 */
async function recomputeBrand(db: Database, brandId: string, days: string[] | null): Promise<void> {
  const [brand] = await run(db, sql`select time_zone from brands where id = ${brandId}`);
  if (!brand) return;
  const tz = String(brand.time_zone);
  const dayOf = (column: SQL) => sql`(${column} at time zone ${tz})::date`;
  const dayList = days ? `{${days.join(',')}}` : null;
  const inDays = (day: SQL) => (dayList ? sql`${day} = any(${dayList}::date[])` : sql`true`);
  // Loose bounds in UTC (a zone is at most 14 hours off), one per run of consecutive days, so each source reads
  // only those stretches of its (brand_id, created_at) index, not everything between the first and last day.
  let inRange = (_column: SQL) => sql`true`;
  if (days && days.length > 0) {
    const runs: [string, string][] = [];
    for (const day of [...days].sort()) {
      const last = runs.at(-1);
      if (last && Date.parse(`${day}T00:00:00Z`) - Date.parse(`${last[1]}T00:00:00Z`) <= DAY_MS)
        last[1] = day;
      else runs.push([day, day]);
    }
    const bounds = runs.map(([first, last]) => [
      new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS).toISOString(),
      new Date(Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS).toISOString(),
    ]);
    inRange = (column: SQL) =>
      sql`(${sql.join(
        bounds.map(([lo, hi]) => sql`(${column} >= ${lo}::timestamptz and ${column} < ${hi}::timestamptz)`),
        sql` or `,
      )})`;
  }
  const scope = (alias: string) => {
    const createdAt = sql.raw(`${alias}.created_at`);
    return sql`${sql.raw(alias)}.brand_id = ${brandId} and ${inRange(createdAt)} and ${inDays(dayOf(createdAt))}`;
  };

  for (const table of rollupTables)
    await db.execute(sql`delete from ${sql.raw(table)} where brand_id = ${brandId} and ${inDays(sql`day`)}`);

  // Per conversation, by the day it started: first response times, and whether a person was involved.
  await db.execute(sql`
    insert into analytics_conversations (conversation_id, brand_id, day, ai_first_ms, human_first_ms)
    select c.id, c.brand_id, ${dayOf(sql`c.created_at`)},
      round(extract(epoch from r.ai_at - f.first_at) * 1000)::int,
      round(extract(epoch from r.agent_at - f.first_at) * 1000)::int
    from conversations c
    cross join lateral (
      select min(m.created_at) as first_at from messages m where m.conversation_id = c.id and m.sender = 'customer'
    ) f
    cross join lateral (
      select min(m.created_at) filter (where m.sender = 'ai') as ai_at,
        min(m.created_at) filter (where m.sender = 'agent') as agent_at
      from messages m where m.conversation_id = c.id and m.created_at >= f.first_at
    ) r
    where ${scope('c')}`);

  await db.execute(sql`
    insert into analytics_daily
      (brand_id, day, conversations, automated, handoffs, inbound, comments, ai_replies, human_replies)
    select ${brandId}::uuid, day, sum(conversations), sum(automated), sum(handoffs), sum(inbound), sum(comments),
      sum(ai_replies), sum(human_replies)
    from (
      select day, count(*) as conversations,
        count(*) filter (where has_ai and not handed_off and not person) as automated,
        count(*) filter (where handed_off) as handoffs,
        0 as inbound, 0 as comments, 0 as ai_replies, 0 as human_replies
      from (
        select ${dayOf(sql`c.created_at`)} as day,
          exists (select 1 from messages m where m.conversation_id = c.id and m.sender = 'ai') as has_ai,
          (c.status = 'escalated' or exists (
            select 1 from assistant_traces t
            where t.conversation_id = c.id and (t.trace ->> 'handedOff')::boolean
          )) as handed_off,
          (c.handled_by = 'person' or exists (
            select 1 from messages m where m.conversation_id = c.id and m.sender = 'agent'
          )) as person
        from conversations c where ${scope('c')}
      ) c
      group by day
      union all
      select ${dayOf(sql`m.created_at`)}, 0, 0, 0,
        count(*) filter (where m.sender = 'customer'), 0,
        count(*) filter (where m.sender = 'ai'), count(*) filter (where m.sender = 'agent')
      from messages m where ${scope('m')}
      group by 1
      union all
      select ${dayOf(sql`cm.created_at`)}, 0, 0, 0, 0, count(*), 0, 0
      from comments cm where ${scope('cm')}
      group by 1
    ) x
    group by day`);

  // Answer kinds of the replies sent, and why conversations went to a person.
  await db.execute(sql`
    insert into analytics_counts_daily (brand_id, day, dimension, key, count)
    select ${brandId}::uuid, ${dayOf(sql`t.created_at`)}, 'answer_kind', t.trace ->> 'answerKind', count(*)
    from assistant_traces t
    where ${scope('t')} and t.outcome = 'replied' and t.trace ->> 'answerKind' is not null
    group by 2, 4
    union all
    select ${brandId}::uuid, ${dayOf(sql`t.created_at`)}, 'handoff_reason',
      case
        when t.rule_id is not null and r.trigger_config ->> 'type' = 'outside_business_hours' then 'out_of_hours'
        when t.rule_id is not null then 'rule'
        when t.intent = 'human' then 'asked_for_person'
        when t.intent = 'complaint' then 'complaint'
        else 'other'
      end,
      count(*)
    from assistant_traces t left join automation_rules r on r.id = t.rule_id
    where ${scope('t')} and (t.trace ->> 'handedOff')::boolean
    group by 2, 4`);

  await db.execute(sql`
    insert into analytics_products_daily (brand_id, day, product_id, product_title, asks)
    select ${brandId}::uuid, ${dayOf(sql`t.created_at`)}, t.product_id, max(t.product_title), count(*)
    from assistant_traces t
    where ${scope('t')} and t.product_id is not null
    group by 2, 3`);

  // A buyer is the conversation, or for a comment answered before any conversation, the comment itself.
  await db.execute(sql`
    insert into analytics_sold_out_daily
      (brand_id, day, variant_id, buyer, product_title, variant_title, asks, last_asked_at)
    select ${brandId}::uuid, ${dayOf(sql`t.created_at`)}, t.variant_id, coalesce(t.conversation_id::text, t.event_key),
      coalesce(max(t.product_title), ''), coalesce(max(t.variant_title), ''), count(*), max(t.created_at)
    from assistant_traces t
    where ${scope('t')} and t.variant_id is not null and t.stock_available = false
    group by 2, 3, 4`);

  // The funnel per rule: matched, a reply sent, a link in it, and for a comment, a conversation the commenter
  // started afterwards.
  await db.execute(sql`
    insert into analytics_rules_daily (brand_id, day, rule_id, rule_name, matched, sent, conversations, links)
    select ${brandId}::uuid, ${dayOf(sql`t.created_at`)}, t.rule_id, coalesce(max(t.rule_name), ''), count(*),
      count(*) filter (where t.outcome = 'replied'),
      count(*) filter (where t.event_key like 'comment:%' and exists (
        select 1 from comments cm
        join conversations c on c.brand_id = cm.brand_id and c.customer_instagram_id = cm.from_instagram_id
        where 'comment:' || cm.id::text = t.event_key and c.created_at >= cm.created_at
      )),
      count(*) filter (where t.outcome = 'replied' and t.link_url is not null)
    from assistant_traces t
    where ${scope('t')} and t.rule_id is not null
    group by 2, 3`);
}

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
          array_agg(distinct (x.at at time zone b.time_zone)::date::text) as days
        from touched x join brands b on b.id = x.brand_id
        group by x.brand_id`,
      );
      for (const row of rows) {
        await recomputeBrand(tx, String(row.brand_id), parseDays(row.days));
        recomputed += parseDays(row.days).length;
      }
      return rows.length === 0 ? 0 : Number(rows[0]!.taken);
    });
    if (taken < TAKE_BATCH) return recomputed;
  }
}

/** Postgres arrays arrive as arrays (pg) or as their text form (some drivers); accept both. */
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
    for (const table of rollupTables) await tx.execute(sql`delete from ${sql.raw(table)}`);
    const brands = await run(tx, sql`select id::text as id from brands order by id`);
    for (const brand of brands) await recomputeBrand(tx, String(brand.id), null);
    return { brands: brands.length };
  });
}
