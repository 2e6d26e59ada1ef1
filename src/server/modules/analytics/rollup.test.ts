import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { assistantTraces, comments, conversations, messages } from '#server/db/schema/index.ts';
import { createTestBrand, createTestUser } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database.ts';
import { rebuildAnalytics, rollUpChanges } from './rollup.ts';

/**
 * The roll-up against a count made here, in JavaScript, straight from the generated rows: random histories of two
 * brands in different time zones, their rows spread over a day boundary, stored in two instalments with the roll-up
 * job running between them (and a conversation status changed afterwards).
 */

let database: TestDatabase;
let db: Database;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  userId = (await createTestUser(db)).id;
});
afterAll(async () => {
  await database.close();
});

const zones = ['America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati', 'America/St_Johns'];
// Midnight UTC; each row falls up to 36 hours either side, so every zone's day boundary is crossed.
const BASE = Date.parse('2026-03-08T00:00:00Z');
const MINUTE = 60_000;
const variants = [randomUUID(), randomUUID()];
const products = [randomUUID(), randomUUID()];
const kinds = ['in_stock', 'out_of_stock', 'ask_variant', 'not_sold', 'hand_off'] as const;

const messageArb = fc.record({
  sender: fc.constantFrom('customer', 'ai', 'agent'),
  afterMinutes: fc.integer({ min: 0, max: 900 }),
});
const traceArb = fc.record({
  afterMinutes: fc.integer({ min: 0, max: 900 }),
  outcome: fc.constantFrom('replied', 'silent'),
  kind: fc.constantFrom(...kinds),
  handedOff: fc.boolean(),
  intent: fc.constantFrom('availability', 'human', 'complaint'),
  product: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  soldOut: fc.boolean(),
});
const conversationArb = fc.record({
  atMinutes: fc.integer({ min: -36 * 60, max: 36 * 60 }),
  status: fc.constantFrom('active', 'escalated', 'resolved'),
  handledBy: fc.constantFrom('assistant', 'person'),
  messages: fc.array(messageArb, { maxLength: 5 }),
  traces: fc.array(traceArb, { maxLength: 3 }),
  escalateLater: fc.boolean(),
});
const brandArb = fc.record({
  zone: fc.constantFrom(...zones),
  conversations: fc.array(conversationArb, { maxLength: 5 }),
  comments: fc.array(fc.integer({ min: -36 * 60, max: 36 * 60 }), { maxLength: 3 }),
});
const historyArb = fc.record({
  brands: fc.array(brandArb, { minLength: 1, maxLength: 2 }),
  split: fc.double({ min: 0, max: 1, noNaN: true }),
});
type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

const dayIn = (zone: string, at: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));

interface Daily {
  conversations: number;
  automated: number;
  handoffs: number;
  inbound: number;
  comments: number;
  aiReplies: number;
  humanReplies: number;
}
const emptyDaily = (): Daily => ({
  conversations: 0,
  automated: 0,
  handoffs: 0,
  inbound: 0,
  comments: 0,
  aiReplies: 0,
  humanReplies: 0,
});

/** The expected roll-up, counted from the history itself. */
function expectedOf(history: History, brandIds: string[]) {
  const daily = new Map<string, Daily>();
  const firstResponse = new Map<string, { ai: number | null; human: number | null }>();
  const answerKinds = new Map<string, number>();
  const buyers = new Map<string, Set<string>>();
  const bump = (brandId: string, day: string) => {
    const key = `${brandId} ${day}`;
    if (!daily.has(key)) daily.set(key, emptyDaily());
    return daily.get(key)!;
  };
  history.brands.forEach((brand, b) => {
    const brandId = brandIds[b]!;
    brand.conversations.forEach((conversation, c) => {
      const start = BASE + conversation.atMinutes * MINUTE;
      const startDay = bump(brandId, dayIn(brand.zone, start));
      startDay.conversations += 1;
      const status = conversation.escalateLater ? 'escalated' : conversation.status;
      const handedOff = status === 'escalated' || conversation.traces.some((trace) => trace.handedOff);
      const person =
        conversation.handledBy === 'person' || conversation.messages.some((m) => m.sender === 'agent');
      const hasAi = conversation.messages.some((m) => m.sender === 'ai');
      if (handedOff) startDay.handoffs += 1;
      if (hasAi && !handedOff && !person) startDay.automated += 1;
      for (const message of conversation.messages) {
        const day = bump(brandId, dayIn(brand.zone, start + message.afterMinutes * MINUTE));
        if (message.sender === 'customer') day.inbound += 1;
        if (message.sender === 'ai') day.aiReplies += 1;
        if (message.sender === 'agent') day.humanReplies += 1;
      }
      const customerTimes = conversation.messages
        .filter((m) => m.sender === 'customer')
        .map((m) => m.afterMinutes);
      const first = customerTimes.length ? Math.min(...customerTimes) : null;
      const firstAfter = (sender: string) => {
        if (first === null) return null;
        const times = conversation.messages
          .filter((m) => m.sender === sender && m.afterMinutes >= first)
          .map((m) => m.afterMinutes);
        return times.length ? (Math.min(...times) - first) * MINUTE : null;
      };
      firstResponse.set(`${b}:${c}`, { ai: firstAfter('ai'), human: firstAfter('agent') });
      conversation.traces.forEach((trace) => {
        const day = dayIn(brand.zone, start + trace.afterMinutes * MINUTE);
        if (trace.outcome === 'replied') {
          const key = `${brandId} ${day} ${trace.kind}`;
          answerKinds.set(key, (answerKinds.get(key) ?? 0) + 1);
        }
        if (trace.product !== null && trace.soldOut) {
          const key = `${brandId} ${day} ${variants[trace.product]}`;
          if (!buyers.has(key)) buyers.set(key, new Set());
          buyers.get(key)!.add(`${b}:${c}`);
        }
      });
    });
    for (const at of brand.comments) bump(brandId, dayIn(brand.zone, BASE + at * MINUTE)).comments += 1;
  });
  return { daily, firstResponse, answerKinds, buyers };
}

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const dayText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Every roll-up table, as sorted text, to compare a running roll-up with a rebuild. */
async function snapshot(): Promise<string[]> {
  const tables = [
    'analytics_daily',
    'analytics_conversations',
    'analytics_counts_daily',
    'analytics_products_daily',
    'analytics_sold_out_daily',
    'analytics_rules_daily',
    'analytics_response_daily',
    'analytics_monthly',
    'analytics_response_monthly',
    'analytics_counts_monthly',
    'analytics_products_monthly',
    'analytics_rules_monthly',
    'analytics_sold_out_monthly',
  ];
  const out: string[] = [];
  for (const table of tables)
    for (const row of await rows(sql`select * from ${sql.raw(table)}`))
      out.push(`${table} ${JSON.stringify(row)}`);
  return out.sort();
}

/** Each case starts over: the user's brands (and through them their rows) and the dirty list go. */
async function clearBrands() {
  await db.execute(sql`delete from brands where user_id = ${userId}`);
  await db.execute(sql`delete from analytics_dirty`);
}

/** Starts over (as clearBrands) with one brand of the user's, named `name`, in UTC; returns its id. */
async function startOverWithBrand(name: string) {
  await clearBrands();
  return (await createTestBrand(db, { userId, name, username: name.toLowerCase(), timeZone: 'UTC' })).id;
}

async function store(history: History) {
  await clearBrands();
  const brandIds: string[] = [];
  const conversationIds = new Map<string, string>();
  const inserts: (() => Promise<unknown>)[] = [];
  const later: (() => Promise<unknown>)[] = [];
  for (const [b, brand] of history.brands.entries()) {
    const { id: brandId } = await createTestBrand(db, {
      userId,
      name: `Brand ${b}`,
      username: `brand${b}`,
      timeZone: brand.zone,
    });
    brandIds.push(brandId);
    for (const [c, conversation] of brand.conversations.entries()) {
      const id = randomUUID();
      conversationIds.set(`${b}:${c}`, id);
      const start = BASE + conversation.atMinutes * MINUTE;
      inserts.push(() =>
        db.insert(conversations).values({
          id,
          brandId,
          customerUsername: `buyer${c}`,
          customerInstagramId: `igsid-${c}`,
          status: conversation.status,
          handledBy: conversation.handledBy as 'assistant' | 'person',
          createdAt: new Date(start),
        }),
      );
      for (const message of conversation.messages)
        inserts.push(() =>
          db.insert(messages).values({
            conversationId: id,
            brandId,
            sender: message.sender as 'customer' | 'ai' | 'agent',
            content: 'hi',
            createdAt: new Date(start + message.afterMinutes * MINUTE),
          }),
        );
      for (const trace of conversation.traces)
        inserts.push(() =>
          db.insert(assistantTraces).values({
            brandId,
            conversationId: id,
            eventKey: `message:${randomUUID()}`,
            outcome: trace.outcome,
            intent: trace.intent,
            productId: trace.product === null ? null : products[trace.product]!,
            productTitle: trace.product === null ? null : `Product ${trace.product}`,
            variantId: trace.product === null ? null : variants[trace.product]!,
            variantTitle: trace.product === null ? null : `Variant ${trace.product}`,
            stockAvailable: trace.product === null ? null : !trace.soldOut,
            provider: 'embedded',
            totalMs: 5,
            trace: { answerKind: trace.kind, handedOff: trace.handedOff },
            createdAt: new Date(start + trace.afterMinutes * MINUTE),
          }),
        );
      if (conversation.escalateLater)
        later.push(() =>
          db
            .update(conversations)
            .set({ status: 'escalated' })
            .where(sql`id = ${id}`),
        );
    }
    for (const [n, at] of brand.comments.entries())
      inserts.push(() =>
        db.insert(comments).values({
          brandId,
          instagramCommentId: `c-${n}`,
          username: 'commenter',
          content: 'nice',
          createdAt: new Date(BASE + at * MINUTE),
        }),
      );
  }
  // Conversations first (the rows hang off them), the rest in two instalments with a roll-up run between.
  const cut = Math.floor(inserts.length * history.split);
  for (const insert of inserts.slice(0, cut)) await insert();
  await rollUpChanges(db);
  for (const insert of inserts.slice(cut)) await insert();
  await rollUpChanges(db);
  for (const update of later) await update();
  await rollUpChanges(db);
  return { brandIds, conversationIds };
}

describe('analytics roll-up', () => {
  it('equals a direct count of the rows, across time zones and a day boundary, and a rebuild changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        // Rows of a conversation are inserted after it: order the inserts so.
        const { brandIds, conversationIds } = await store(history);
        const expected = expectedOf(history, brandIds);

        const daily = await rows(
          sql`select * from analytics_daily where brand_id = any(${`{${brandIds.join(',')}}`}::uuid[])`,
        );
        const actualDaily = new Map(
          daily.map((row) => [
            `${String(row.brand_id)} ${dayText(row.day)}`,
            {
              conversations: row.conversations,
              automated: row.automated,
              handoffs: row.handoffs,
              inbound: row.inbound,
              comments: row.comments,
              aiReplies: row.ai_replies,
              humanReplies: row.human_replies,
            },
          ]),
        );
        expect(Object.fromEntries(actualDaily)).toEqual(Object.fromEntries(expected.daily));

        const times = await rows(
          sql`select conversation_id::text as id, ai_first_ms, human_first_ms from analytics_conversations`,
        );
        const byId = new Map(times.map((row) => [String(row.id), row]));
        for (const [key, id] of conversationIds) {
          const row = byId.get(id);
          expect(row, key).toBeDefined();
          expect({ ai: row!.ai_first_ms, human: row!.human_first_ms }).toEqual(
            expected.firstResponse.get(key),
          );
        }

        const kinds = await rows(
          sql`select brand_id::text as brand_id, day, key, count from analytics_counts_daily where dimension = 'answer_kind'`,
        );
        expect(
          Object.fromEntries(
            kinds.map((row) => [`${String(row.brand_id)} ${dayText(row.day)} ${String(row.key)}`, row.count]),
          ),
        ).toEqual(Object.fromEntries(expected.answerKinds));

        const soldOut = await rows(
          sql`select brand_id::text as brand_id, day, variant_id::text as variant_id, count(*)::int as buyers
          from analytics_sold_out_daily group by 1, 2, 3`,
        );
        expect(
          Object.fromEntries(
            soldOut.map((row) => [
              `${String(row.brand_id)} ${dayText(row.day)} ${String(row.variant_id)}`,
              row.buyers,
            ]),
          ),
        ).toEqual(Object.fromEntries([...expected.buyers].map(([key, set]) => [key, set.size])));

        // The response-time histogram counts each conversation's times rounded to two significant figures, and the
        // monthly sums add up their days.
        const histogram = await rows(
          sql`select responder, bucket_ms, sum(conversations)::int as n from analytics_response_daily
          group by 1, 2`,
        );
        const expectedHistogram = new Map<string, number>();
        for (const times of expected.firstResponse.values())
          for (const responder of ['ai', 'human'] as const) {
            const value = times[responder];
            if (value === null) continue;
            const key = `${responder} ${value === 0 ? 0 : Number(value.toPrecision(2))}`;
            expectedHistogram.set(key, (expectedHistogram.get(key) ?? 0) + 1);
          }
        expect(
          Object.fromEntries(
            histogram.map((row) => [`${String(row.responder)} ${String(row.bucket_ms)}`, row.n]),
          ),
        ).toEqual(Object.fromEntries(expectedHistogram));
        const monthly = await rows(
          sql`select brand_id::text as brand_id, month::text as month, conversations, inbound, comments
          from analytics_monthly order by 1, 2`,
        );
        const byMonth = new Map<string, { conversations: number; inbound: number; comments: number }>();
        for (const [key, day] of expected.daily) {
          const [brandId, date] = key.split(' ') as [string, string];
          const monthKey = `${brandId} ${date.slice(0, 7)}-01`;
          const sum = byMonth.get(monthKey) ?? { conversations: 0, inbound: 0, comments: 0 };
          sum.conversations += day.conversations;
          sum.inbound += day.inbound;
          sum.comments += day.comments;
          byMonth.set(monthKey, sum);
        }
        expect(
          Object.fromEntries(
            monthly.map((row) => [
              `${String(row.brand_id)} ${dayText(row.month)}`,
              { conversations: row.conversations, inbound: row.inbound, comments: row.comments },
            ]),
          ),
        ).toEqual(Object.fromEntries(byMonth));

        const running = await snapshot();
        await rebuildAnalytics(db);
        expect(await snapshot()).toEqual(running);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

/** Sold-out asks of a few buyers over four months, for ranges that cut months anywhere (decision 055). */
const DAY = 86_400_000;
const askArb = fc.record({
  buyer: fc.integer({ min: 0, max: 5 }),
  variant: fc.integer({ min: 0, max: 1 }),
  day: fc.integer({ min: 0, max: 119 }),
});
const dateOf = (day: number) =>
  new Date(Date.parse('2026-01-01T00:00:00Z') + day * DAY).toISOString().slice(0, 10);

describe('sold-out demand over a range', () => {
  it('counts each buyer once per variant, whatever months the range cuts, on the running roll-up and a rebuild', async () => {
    const { readBreakdowns } = await import('./queries.ts');
    await fc.assert(
      fc.asyncProperty(
        fc.array(askArb, { minLength: 1, maxLength: 25 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 119 }), fc.integer({ min: 0, max: 119 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (asks, split, ranges) => {
          const brandId = await startOverWithBrand('Demand');
          const buyerIds = await Promise.all(
            [0, 1, 2, 3, 4, 5].map(async (b) => {
              const id = randomUUID();
              await db.insert(conversations).values({
                id,
                brandId,
                customerUsername: `buyer${b}`,
                customerInstagramId: `ig-${b}`,
                createdAt: new Date(Date.parse('2026-01-01T00:00:00Z')),
              });
              return id;
            }),
          );
          const insertAsk = (ask: (typeof asks)[number]) =>
            db.insert(assistantTraces).values({
              brandId,
              conversationId: buyerIds[ask.buyer]!,
              eventKey: `message:${randomUUID()}`,
              outcome: 'replied',
              intent: 'availability',
              productId: products[ask.variant]!,
              productTitle: `Product ${ask.variant}`,
              variantId: variants[ask.variant]!,
              variantTitle: `Variant ${ask.variant}`,
              stockAvailable: false,
              provider: 'embedded',
              totalMs: 5,
              trace: { answerKind: 'out_of_stock', handedOff: false },
              createdAt: new Date(Date.parse(`${dateOf(ask.day)}T12:00:00Z`)),
            });
          // Two instalments with the job between them: a later ask can land before an earlier-stored one.
          const cut = Math.floor(asks.length * split);
          for (const ask of asks.slice(0, cut)) await insertAsk(ask);
          await rollUpChanges(db);
          for (const ask of asks.slice(cut)) await insertAsk(ask);
          await rollUpChanges(db);

          const check = async () => {
            for (const [a, b] of ranges) {
              const [lo, hi] = a <= b ? [a, b] : [b, a];
              const inRange = asks.filter((ask) => ask.day >= lo && ask.day <= hi);
              const expected = new Map<string, { buyers: number; asks: number }>();
              for (const variant of [0, 1]) {
                const mine = inRange.filter((ask) => ask.variant === variant);
                if (mine.length)
                  expected.set(variants[variant]!, {
                    buyers: new Set(mine.map((ask) => ask.buyer)).size,
                    asks: mine.length,
                  });
              }
              const read = await readBreakdowns(db, [brandId], dateOf(lo), dateOf(hi));
              expect(
                new Map(
                  read.soldOutDemand.map((row) => [row.variantId, { buyers: row.buyers, asks: row.asks }]),
                ),
                `${dateOf(lo)}..${dateOf(hi)}`,
              ).toEqual(expected);
            }
          };
          await check();
          const running = await snapshot();
          await rebuildAnalytics(db);
          expect(await snapshot()).toEqual(running);
          await check();
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);
});

/** A day's message counts as the messages make them now. */
const countedMessages = async (brandId: string) =>
  Object.fromEntries(
    (
      await rows(sql`select m.day::text as day, count(*) filter (where m.sender = 'customer')::int as inbound,
        count(*) filter (where m.sender = 'ai')::int as ai, count(*) filter (where m.sender = 'agent')::int as agent
      from (select (created_at at time zone 'UTC')::date as day, sender from messages where brand_id = ${brandId}) m
      group by 1`)
    ).map((row) => [String(row.day), { inbound: row.inbound, ai: row.ai, agent: row.agent }]),
  );
const rolledUpMessages = async (brandId: string) =>
  Object.fromEntries(
    (
      await rows(sql`select day::text as day, inbound, ai_replies as ai, human_replies as agent
      from analytics_daily where brand_id = ${brandId} and (inbound > 0 or ai_replies > 0 or human_replies > 0)`)
    ).map((row) => [String(row.day), { inbound: row.inbound, ai: row.ai, agent: row.agent }]),
  );

describe('message counts added by the job (decision 055)', () => {
  it('adds each message once over several brand-days in one run and runs that overlap, and takes deleted ones off', async () => {
    const brandId = await startOverWithBrand('Busy');
    const ids: string[] = [];
    for (let c = 0; c < 6; c += 1) {
      const id = randomUUID();
      ids.push(id);
      await db.insert(conversations).values({
        id,
        brandId,
        customerUsername: `c${c}`,
        customerInstagramId: `ig-c${c}`,
        createdAt: new Date(Date.parse('2026-02-26T10:00:00Z') + c * DAY),
      });
    }
    const say = (c: number, sender: 'customer' | 'ai' | 'agent', afterDays: number) =>
      db.insert(messages).values({
        conversationId: ids[c]!,
        brandId,
        sender,
        content: 'hi',
        createdAt: new Date(Date.parse('2026-02-26T10:00:00Z') + (c + afterDays) * DAY),
      });
    // Six conversations over a month boundary, messages on their day and the next ones: one run takes them all.
    for (let c = 0; c < 6; c += 1) {
      await say(c, 'customer', 0);
      await say(c, 'ai', 0);
      await say(c, 'customer', 1);
      if (c % 2 === 0) await say(c, 'agent', 2);
    }
    expect(await rollUpChanges(db)).toBeGreaterThan(6);
    expect(await rolledUpMessages(brandId)).toEqual(await countedMessages(brandId));

    // More messages, taken by runs that start together: each is added once (the runs queue on the roll-up's lock,
    // and a change's record is taken by one of them only).
    for (let c = 0; c < 6; c += 1) await say(c, 'customer', 3);
    await Promise.all([rollUpChanges(db), rollUpChanges(db), rollUpChanges(db)]);
    expect(await rolledUpMessages(brandId)).toEqual(await countedMessages(brandId));

    // A deleted conversation takes its messages with it, and they come off their days (and months).
    await db.execute(sql`delete from conversations where id = ${ids[2]!}`);
    await rollUpChanges(db);
    expect(await rolledUpMessages(brandId)).toEqual(await countedMessages(brandId));
    const months = await rows(
      sql`select month::text as month, inbound from analytics_monthly where brand_id = ${brandId} order by 1`,
    );
    const counted = await countedMessages(brandId);
    const byMonth = new Map<string, number>();
    for (const [day, value] of Object.entries(counted))
      byMonth.set(
        `${day.slice(0, 7)}-01`,
        (byMonth.get(`${day.slice(0, 7)}-01`) ?? 0) + Number((value as { inbound: number }).inbound),
      );
    expect(Object.fromEntries(months.map((row) => [String(row.month), row.inbound]))).toEqual(
      Object.fromEntries(byMonth),
    );

    const running = await snapshot();
    await rebuildAnalytics(db);
    expect(await snapshot()).toEqual(running);
  });
});
