import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  ilike,
  type Placeholder,
  type SQL,
  isNotNull,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { memberMay, memberMayOnBrand } from '#server/access/brand-access.ts';
import { rowArrayRunnerOf, type Database } from '#server/db/client.ts';
import { isoInstant } from '#server/db/timestamps.ts';
import {
  workspaceMembers,
  assistantTraces,
  storeConnections,
  instagramConnections,
  automationRules,
  brands,
  comments,
  conversations,
  messages,
} from '#server/db/schema/index.ts';

/**
 * Keyset position: the sort timestamp as PostgreSQL prints it (microseconds kept, so no row is skipped or
 * repeated when two rows share a millisecond) and the row id as the tie-breaker.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

export interface PageParams {
  limit: number;
  after?: KeysetPosition | undefined;
}

/** Search and status filters of the inbox lists (case-insensitive). */
export interface InboxFilter {
  q?: string | undefined;
  /** One status, or `open`: neither resolved nor archived. */
  status?: string | undefined;
  /** Only conversations unread by the caller. */
  unread?: boolean | undefined;
  startedOn?: string | undefined;
  askedVariantId?: string | undefined;
}

/** `%text%` for ILIKE with the text's own % _ and \ matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * How the message side of a search is answered (decision 035):
 * - `index`: one uncorrelated `id in (…)` over the brand's messages, answered from the trigram index on
 *   `messages.content` (decision 034): fast while few messages match;
 * - `walk`: a per-conversation check, `(select true … limit 1)` along messages_conversation_created_idx, while the
 *   list walks the newest conversations: fast when many messages match, since a page fills within a few
 *   conversations. A scalar subquery with a limit is never turned into a hashed subplan, so the walk stays a walk.
 */
export type MessageSearch = 'index' | 'walk';

/**
 * Which conditions a filtered conversation list has: the shape of its prepared statement. The values travel
 * apart (`FilterValues`), so one statement per shape serves every search text, status and day.
 */
interface FilterShape {
  search?: MessageSearch | undefined;
  status?: 'open' | 'one' | undefined;
  unread?: boolean | undefined;
  startedOn?: boolean | undefined;
  askedVariant?: boolean | undefined;
}

/** What the conditions compare with: a statement's placeholders, or the request's own values. */
type FilterValue = string | Placeholder;
interface FilterValues {
  userId: FilterValue;
  brandId: FilterValue;
  pattern: FilterValue;
  status: FilterValue;
  startedOn: FilterValue;
  askedVariantId: FilterValue;
}

function shapeOf(filter: InboxFilter, search: MessageSearch): FilterShape {
  return {
    search: filter.q ? search : undefined,
    status: filter.status === 'open' ? 'open' : filter.status ? 'one' : undefined,
    unread: filter.unread,
    startedOn: filter.startedOn !== undefined,
    askedVariant: filter.askedVariantId !== undefined,
  };
}

function valuesOf(filter: InboxFilter, userId: string, brandId: string): FilterValues {
  return {
    userId,
    brandId,
    pattern: filter.q ? containsPattern(filter.q) : '',
    status: filter.status ?? '',
    startedOn: filter.startedOn ?? '',
    askedVariantId: filter.askedVariantId ?? '',
  };
}

/**
 * DMs match by customer username or by what was written in them.
 */
function conversationConditions(shape: FilterShape, values: FilterValues) {
  const { pattern } = values;
  return and(
    shape.search === 'walk'
      ? or(
          ilike(conversations.customerUsername, pattern),
          sql`coalesce((select true from ${messages} m where m.conversation_id = "conversations"."id"
            and m.content ilike ${pattern} limit 1), false)`,
        )
      : shape.search === 'index'
        ? // One bitmap over the brand's conversations: the username's trigram index OR'd with the primary keys of
          // the few conversations whose messages match (computed once, as `any(array(…))`). Collecting both sides'
          // ids first and then reading the conversations by primary key went down the key's index once per match
          // (295 buffers for bench:api's 111 username matches against 68, 0.96 against 0.41 ms in EXPLAIN
          // ANALYZE); an `or` with a correlated subquery instead would test every conversation of the brand.
          sql`(${conversations.customerUsername} ilike ${pattern} or ${conversations.id} = any(array${conversationsWithMessagesMatching(values.brandId, pattern)}))`
        : undefined,
    shape.status === 'open'
      ? notInArray(conversations.status, closedStatuses)
      : shape.status === 'one'
        ? eq(conversations.status, values.status)
        : undefined,
    shape.unread ? unreadBy(values.userId) : undefined,
    // The Performance screen's drill-downs (decision 028): the day is cut in the brand's time zone, as its figures.
    shape.startedOn
      ? sql`(${conversations.createdAt} at time zone (select b.time_zone from brands b where b.id = ${conversations.brandId}))::date = ${values.startedOn}::date`
      : undefined,
    shape.askedVariant
      ? sql`exists (select 1 from assistant_traces t where t.conversation_id = ${conversations.id} and t.variant_id = ${values.askedVariantId}::uuid and t.stock_available = false)`
      : undefined,
  );
}

/** Statuses the inbox's default (`open`) view leaves out. */
const closedStatuses = ['resolved', 'archived'];

/**
 * The buyer wrote after this person last read the conversation (`conversation_reads`, one row per person and
 * conversation, found by its primary key): a condition of each row of the list, so the list stays one query.
 * Written out with the table names: inside a one-table select Drizzle prints columns unqualified, which would
 * tie the subqueries' columns to themselves.
 */
const unreadBy = (userId: unknown) =>
  sql<boolean>`("conversations"."last_customer_message_at" is not null and not exists (
    select 1 from conversation_reads r where r.user_id = ${userId}
      and r.conversation_id = "conversations"."id"
      and r.read_at >= "conversations"."last_customer_message_at"))`;

/** The newest message's first 140 characters, read backwards along messages_conversation_created_idx. */
const newestMessagePreview = sql<string | null>`(select left(m.content, 140) from messages m
  where m.conversation_id = "conversations"."id" order by m.created_at desc, m.id desc limit 1)`;

/**
 * The conversations of a brand one of whose messages contains the pattern (along messages_content_trgm_idx), each
 * once: a count in the index form reads every match (200,000 messages for 10,000 conversations in bench:api's
 * "all match"), and the key lookups should not repeat per message.
 */
function conversationsWithMessagesMatching(brandId: FilterValue, pattern: FilterValue) {
  return sql`(select distinct ${messages.conversationId} from ${messages}
    where ${messages.brandId} = ${brandId} and ${messages.content} ilike ${pattern})`;
}

/**
 * Above this many messages the planner expects to match, a search walks the newest conversations (decision 035):
 * reading that many rows from the trigram index costs more than checking a page's worth of conversations.
 */
const WALK_ABOVE_ESTIMATED_MATCHES = 2_000;

/**
 * `walk` or `index` for a search, from the planner's own estimate of the brand's matching messages (an EXPLAIN:
 * planning only, no rows read). Without statistics (a fresh PGlite database) the estimate is small: `index`.
 */
export async function messageSearchFor(
  db: Database,
  brandId: string,
  pattern: string,
): Promise<MessageSearch> {
  const result = (await db.execute(sql`explain (format json) select 1 from ${messages}
    where ${messages.brandId} = ${brandId} and ${messages.content} ilike ${pattern}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan?: { 'Plan Rows'?: number } },
  ];
  return (parsed?.[0]?.Plan?.['Plan Rows'] ?? 0) > WALK_ABOVE_ESTIMATED_MATCHES ? 'walk' : 'index';
}

/**
 * How long a brand's choice for one search text is kept, and for how many texts per database handle. The
 * estimate moves only when statistics do (an ANALYZE), so a minute-old one is as good; asking again on every
 * request was one more round trip per search, the costliest part of it after the list itself.
 */
export const MESSAGE_SEARCH_REMEMBERED_MS = 60_000;
const MESSAGE_SEARCHES_REMEMBERED = 500;
const rememberedSearches = new WeakMap<Database, Map<string, { search: MessageSearch; at: number }>>();

/**
 * `messageSearchFor`, remembered per brand and search text for `MESSAGE_SEARCH_REMEMBERED_MS`: the next pages
 * and the same search repeated cost no EXPLAIN. Either choice gives the same answers (decision 035), so a
 * remembered one can only be slower, never wrong. The oldest entry goes first when the map is full.
 */
export async function rememberedMessageSearch(
  db: Database,
  brandId: string,
  pattern: string,
  now = Date.now(),
): Promise<MessageSearch> {
  let remembered = rememberedSearches.get(db);
  if (!remembered) {
    remembered = new Map();
    rememberedSearches.set(db, remembered);
  }
  const key = `${brandId} ${pattern}`;
  const entry = remembered.get(key);
  if (entry && now - entry.at < MESSAGE_SEARCH_REMEMBERED_MS) return entry.search;
  const search = await messageSearchFor(db, brandId, pattern);
  remembered.delete(key);
  if (remembered.size >= MESSAGE_SEARCHES_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { search, at: now });
  return search;
}

/** Comments match by username or content. */
function commentFilter(filter: InboxFilter) {
  if (!filter.q) return undefined;
  const pattern = containsPattern(filter.q);
  return or(ilike(comments.username, pattern), ilike(comments.content, pattern));
}

// Every list reads one row more than asked, to know whether another page exists.
const fetchSize = (page: PageParams) => page.limit + 1;

/** `(ts, id) > (cursor)` for ascending lists, `<` for descending; the row comparison is an index range. */
function afterPosition(at: unknown, id: unknown, direction: 'asc' | 'desc', after?: KeysetPosition) {
  if (!after) return undefined;
  const op = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql`(${at}, ${id}) ${op} (${after.at}::timestamptz, ${after.id}::uuid)`;
}

/** The same comparison with placeholders, for the prepared statements below. */
function afterPlaceholder(at: unknown, id: unknown, direction: 'asc' | 'desc') {
  const op = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql`(${at}, ${id}) ${op} (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
}

/**
 * `exists` guards that put the access policy's check (server/access/, decision 030: a member of the brand's
 * workspace may read it) into the list query itself: one round trip per page, no query of its own.
 */
const readsBrand = (userId: unknown, brandId: unknown) => memberMayOnBrand(userId, 'brand.read', brandId);
const readsConversation = (userId: unknown, conversationId: unknown) =>
  sql`exists (select 1 from ${conversations} inner join ${brands} on ${brands.id} = ${conversations.brandId}
    where ${conversations.id} = ${conversationId} and ${memberMay(userId, 'brand.read', brands.workspaceId)})`;

const userId = sql.placeholder('userId');
const workspaceId = sql.placeholder('workspaceId');
const brandId = sql.placeholder('brandId');
const conversationId = sql.placeholder('conversationId');
const limit = sql.placeholder('limit');

/** The conversation list's columns (the prepared statement's row mapper reads them in this order) and its order. */
const conversationListColumns = (userId: unknown) => ({
  id: conversations.id,
  customerUsername: conversations.customerUsername,
  lastMessageAt: conversations.lastMessageAt,
  status: conversations.status,
  handledBy: conversations.handledBy,
  positionAt: sql<string>`${conversations.lastMessageAt}::text`,
  unread: unreadBy(userId),
  preview: newestMessagePreview,
});
// NULLS LAST matches the index order, so the planner walks the index instead of sorting.
const conversationListOrder = [
  sql`${conversations.lastMessageAt} desc nulls last`,
  sql`${conversations.id} desc nulls last`,
];

/** A conversation list row from its column values, in `conversationListColumns` order (timestamps as ISO text). */
const conversationRow = (v: unknown[]) => ({
  id: v[0] as string,
  customerUsername: v[1] as string,
  lastMessageAt: isoInstant(v[2] as string | Date),
  status: v[3] as string,
  handledBy: v[4] as string,
  positionAt: v[5] as string,
  unread: v[6] as boolean,
  preview: v[7] as string | null,
});
/** A brand's columns as the dashboard answers them (the brand list adds its own). */
export const brandColumns = {
  id: brands.id,
  name: brands.name,
  username: brands.username,
  active: brands.active,
  instagramConnected: brands.instagramConnected,
  shopifyConnected: brands.shopifyConnected,
};

/**
 * The dashboard's three busiest reads (brands, conversations, messages: every screen opens with them) as
 * prepared statements, built once per database handle instead of per request: Drizzle's query building was
 * the largest share of the server's CPU under load (decision 016). The SQL is exactly what the
 * builder would produce for the same call, ownership condition included; on PostgreSQL each is a named
 * statement, parsed once per pooled connection. Each list has a first-page and a next-page form (the keyset
 * condition is either there or not).
 */
function prepareStatements(db: Database) {
  const brandList = (next: boolean) =>
    db
      .select({
        ...brandColumns,
        positionAt: sql<string>`${brands.createdAt}::text`,
        // Which store answers (the sample store is labelled as such, not as Shopify); one connection per brand.
        storePlatform: sql<
          'shopify' | 'woocommerce' | 'sample' | null
        >`(select sc.platform from ${storeConnections} sc
          where sc.brand_id = "brands"."id" limit 1)`,
        // The demo's sample Instagram account is labelled as such (decision 041); one connection per brand.
        instagramSample: sql<boolean>`exists (select 1 from ${instagramConnections} ic
          where ic.brand_id = "brands"."id" and ic.sample)`,
      })
      .from(brands)
      .where(
        and(
          eq(brands.workspaceId, workspaceId),
          memberMay(userId, 'brand.read', workspaceId),
          next ? afterPlaceholder(brands.createdAt, brands.id, 'asc') : undefined,
        ),
      )
      .orderBy(asc(brands.createdAt), asc(brands.id))
      .limit(limit);

  const messageList = (next: boolean) =>
    db
      .select({
        id: messages.id,
        sender: messages.sender,
        content: messages.content,
        createdAt: messages.createdAt,
        inventoryChecked: messages.inventoryChecked,
        positionAt: sql<string>`${messages.createdAt}::text`,
        deliveryState: messages.deliveryState,
      })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          readsConversation(userId, conversationId),
          next ? afterPlaceholder(messages.createdAt, messages.id, 'asc') : undefined,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit);

  // Column values arrive in select order; timestamps as PostgreSQL's text, answered as ISO text (db/timestamps.ts).
  const brandRow = (v: unknown[]) => ({
    id: v[0] as string,
    name: v[1] as string,
    username: v[2] as string,
    active: v[3] as boolean,
    instagramConnected: v[4] as boolean,
    shopifyConnected: v[5] as boolean,
    positionAt: v[6] as string,
    storePlatform: (v[7] as 'shopify' | 'woocommerce' | 'sample' | null) ?? null,
    instagramSample: v[8] as boolean,
  });
  const messageRow = (v: unknown[]) => ({
    id: v[0] as string,
    sender: v[1] as (typeof messages.$inferSelect)['sender'],
    content: v[2] as string,
    createdAt: isoInstant(v[3] as string | Date),
    inventoryChecked: v[4] as boolean,
    positionAt: v[5] as string,
    deliveryState: v[6] as string | null,
  });
  return {
    brands: {
      first: hotStatement(db, brandList(false), 'dashboard_brands', brandRow),
      next: hotStatement(db, brandList(true), 'dashboard_brands_next', brandRow),
    },
    messages: {
      first: hotStatement(db, messageList(false), 'dashboard_messages', messageRow),
      next: hotStatement(db, messageList(true), 'dashboard_messages_next', messageRow),
    },
  };
}

/**
 * A query built once by Drizzle and run by name. On a database from openDatabase its rows come back as arrays
 * and are made objects by `fromValues` (one function, no per-column checks: Drizzle's generic row mapper was
 * the largest cost left on these reads, decision 016); on any other handle (a transaction's) it is Drizzle's
 * own prepared statement, whose objects (keys in select order) go through `fromValues` too, so both answer
 * alike. Either way the SQL text and its parameters are exactly what Drizzle built.
 */
function hotStatement<Row>(
  db: Database,
  query: {
    toSQL(): { sql: string; params: unknown[] };
    prepare(name: string): { execute(values: Record<string, unknown>): Promise<object[]> };
  },
  name: string,
  fromValues: (values: unknown[]) => Row,
): { execute(values: Record<string, unknown>): Promise<Row[]> } {
  const runner = rowArrayRunnerOf(db);
  if (!runner) {
    const prepared = query.prepare(name);
    return {
      async execute(values) {
        return (await prepared.execute(values)).map((row) => fromValues(Object.values(row)));
      },
    };
  }
  const { sql: text, params } = query.toSQL();
  const statement = { name, text };
  return {
    async execute(values) {
      const rows = await runner(statement, fillPlaceholders(params, values));
      return rows.map(fromValues);
    },
  };
}

const statementsByDatabase = new WeakMap<Database, ReturnType<typeof prepareStatements>>();
function statementsOf(db: Database) {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    statementsByDatabase.set(db, statements);
  }
  return statements;
}

/** A prepared statement's stand-ins for the filter values (`valuesOf` names the same ones). */
const filterPlaceholders: FilterValues = {
  userId,
  brandId,
  pattern: sql.placeholder('pattern'),
  status: sql.placeholder('status'),
  startedOn: sql.placeholder('startedOn'),
  askedVariantId: sql.placeholder('askedVariantId'),
};

/** A statement's name from its filter shape, e.g. `dashboard_conversations_q_index_status_one_next`. */
function statementName(prefix: string, shape: FilterShape, next = false): string {
  const parts = [
    shape.search && `q_${shape.search}`,
    shape.status && `status_${shape.status}`,
    shape.unread && 'unread',
    shape.startedOn && 'started_on',
    shape.askedVariant && 'asked_variant',
    next && 'next',
  ].filter(Boolean);
  return [prefix, ...parts].join('_');
}

/**
 * The conversation list as a prepared statement for one filter shape and page form (first or next), built on
 * first use and kept per database handle: a search or filter no longer builds its query with Drizzle on every
 * request. The shapes are few and fixed (3 x 3 x 2 x 2 x 2 x 2 at most), so the cache is bounded. The unfiltered
 * list keeps its names `dashboard_conversations` and `dashboard_conversations_next`.
 */
function conversationStatement(db: Database, shape: FilterShape, next: boolean) {
  const name = statementName('dashboard_conversations', shape, next);
  let statements = conversationStatementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    conversationStatementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    // The filtered list reads the access check from the row it is joined to (`filteredConversationList`).
    const filtered = Object.values(shape).some(Boolean);
    const conditions = and(
      eq(conversations.brandId, brandId),
      filtered ? sql`"access"."readable"` : readsBrand(userId, brandId),
      conversationConditions(shape, filterPlaceholders),
      next ? afterPlaceholder(conversations.lastMessageAt, conversations.id, 'desc') : undefined,
    );
    statement = filtered
      ? hotStatement<ConversationListRow>(
          db,
          filteredConversationList(db, conditions),
          name,
          filteredConversationRow,
        )
      : hotStatement<ConversationListRow>(
          db,
          db
            .select(conversationListColumns(userId))
            .from(conversations)
            .where(conditions)
            .orderBy(...conversationListOrder)
            .limit(limit),
          name,
          conversationRow,
        );
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A filtered list also says whether the caller may read the brand: the page is a lateral subquery of the
 * one-row access check (its conditions include `"access"."readable"`, so it reads nothing for a stranger), and
 * a search that finds nothing comes back as one row of nulls with `readable` true: the service needs no second
 * read to tell "no match" from "not yours", and a search often finds nothing.
 */
function filteredConversationList(db: Database, conditions: SQL | undefined) {
  const { unread, preview, positionAt, ...columns } = conversationListColumns(userId);
  const page = db
    .select({
      ...columns,
      positionAt: positionAt.as('position_at'),
      unread: unread.as('unread'),
      preview: preview.as('preview'),
    })
    .from(conversations)
    .where(conditions)
    .orderBy(...conversationListOrder)
    .limit(limit)
    .as('page');
  return db
    .select({
      id: page.id,
      customerUsername: page.customerUsername,
      lastMessageAt: page.lastMessageAt,
      status: page.status,
      handledBy: page.handledBy,
      positionAt: page.positionAt,
      unread: page.unread,
      preview: page.preview,
      readable: sql<boolean | null>`"access"."readable"`,
    })
    .from(sql`(select ${readsBrand(userId, brandId)} as readable) "access"`)
    .leftJoinLateral(page, sql`true`);
}

/** A row of `filteredConversationList`: a conversation, or nulls with `readable` when the page is empty. */
const filteredConversationRow = (values: unknown[]) =>
  values[0] === null
    ? { ...emptyConversationRow, readable: values[8] as boolean }
    : { ...conversationRow(values), readable: values[8] as boolean };
const emptyConversationRow = {
  id: null,
  customerUsername: null,
  lastMessageAt: null,
  status: null,
  handledBy: null,
  positionAt: null,
  unread: null,
  preview: null,
};

/**
 * A conversation list's row: a conversation, or (from a filtered list, whose rows also carry `readable`) a row
 * of nulls for an empty page.
 */
type ConversationListRow = {
  [Key in keyof ReturnType<typeof conversationRow>]: ReturnType<typeof conversationRow>[Key] | null;
} & { readable?: boolean | null };
const conversationStatementsByDatabase = new WeakMap<
  Database,
  Map<string, { execute(values: Record<string, unknown>): Promise<ConversationListRow[]> }>
>();

/** Placeholder values for one page: the row limit and, after the first page, the keyset position. */
const pageValues = (page: PageParams) =>
  page.after
    ? { limit: fetchSize(page), afterAt: page.after.at, afterId: page.after.id }
    : { limit: fetchSize(page) };

export async function isMemberOfWorkspace(db: Database, userId: string, workspaceId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The workspace's brands, for a member of it (none otherwise). This and the message list hand on their
 * statement's promise as it is: an `async` wrapper would add a promise and its turns to every read.
 */
export function listBrandsOfWorkspace(db: Database, userId: string, workspaceId: string, page: PageParams) {
  const { first, next } = statementsOf(db).brands;
  return (page.after ? next : first).execute({ userId, workspaceId, ...pageValues(page) });
}

/**
 * Newest `lastMessageAt` first (index conversations_brand_recent_idx). Lists return no rows for another
 * member's brand; the service then tells "not yours" (404) from "empty".
 */
export async function listConversationsOfBrand(
  db: Database,
  userId: string,
  brandId: string,
  page: PageParams,
  filter: InboxFilter = {},
) {
  const search = filter.q ? await rememberedMessageSearch(db, brandId, containsPattern(filter.q)) : 'index';
  const rows = await conversationStatement(db, shapeOf(filter, search), page.after !== undefined).execute({
    ...valuesOf(filter, userId, brandId),
    ...pageValues(page),
  });
  const first = rows[0];
  return {
    rows: rows.filter((row) => row.id !== null) as ReturnType<typeof conversationRow>[],
    /** From a filtered list: whether the caller may read the brand; unknown (undefined) otherwise. */
    readable: first && 'readable' in first ? first.readable : undefined,
  };
}

/** Oldest first (index messages_conversation_created_idx). */
export function listMessagesOfConversation(
  db: Database,
  userId: string,
  conversationId: string,
  page: PageParams,
) {
  const { first, next } = statementsOf(db).messages;
  return (page.after ? next : first).execute({ userId, conversationId, ...pageValues(page) });
}

/** Newest first (index comments_brand_recent_idx). */
export async function listCommentsOfBrand(
  db: Database,
  userId: string,
  brandId: string,
  page: PageParams,
  filter: InboxFilter = {},
) {
  return db
    .select({
      id: comments.id,
      username: comments.username,
      content: comments.content,
      replied: comments.replied,
      replyContent: comments.replyContent,
      createdAt: comments.createdAt,
      positionAt: sql<string>`${comments.createdAt}::text`,
    })
    .from(comments)
    .where(
      and(
        eq(comments.brandId, brandId),
        readsBrand(userId, brandId),
        commentFilter(filter),
        afterPosition(comments.createdAt, comments.id, 'desc', page.after),
      ),
    )
    .orderBy(sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`)
    .limit(fetchSize(page));
}

/** In the order they were made (index automation_rules_brand_created_idx). */
export async function listAutomationRulesOfBrand(
  db: Database,
  userId: string,
  brandId: string,
  page: PageParams,
) {
  return db
    .select({
      id: automationRules.id,
      name: automationRules.name,
      trigger: automationRules.trigger,
      action: automationRules.action,
      active: automationRules.active,
      triggerConfig: automationRules.triggerConfig,
      actionConfig: automationRules.actionConfig,
      // Every event the rule was applied to has one trace (unique event key), so a count of traces is a count
      // of firings; assistant_traces_brand_created_idx keeps it to the brand's last 30 days.
      // Written out qualified: inside a subquery, Drizzle's unqualified column names would bind to the traces.
      firedLast30Days: sql<number>`(select count(*)::int from ${assistantTraces} fired
        where fired.brand_id = "automation_rules"."brand_id" and fired.rule_id = "automation_rules"."id"
          and fired.created_at > now() - interval '30 days')`,
      positionAt: sql<string>`${automationRules.createdAt}::text`,
    })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.brandId, brandId),
        readsBrand(userId, brandId),
        afterPosition(automationRules.createdAt, automationRules.id, 'asc', page.after),
      ),
    )
    .orderBy(asc(automationRules.createdAt), asc(automationRules.id))
    .limit(fetchSize(page));
}

/** The tab counts' row: what the list shows, the unread ones of those, and the matching comments. */
interface InboxCountsRow {
  conversations: number;
  unread: number;
  comments: number;
}
const countsStatementsByDatabase = new WeakMap<
  Database,
  Map<string, { execute(values: Record<string, unknown>): Promise<InboxCountsRow[]> }>
>();

/**
 * The tab counts for one filter shape as a prepared statement, built on first use and kept per database handle
 * like the lists' (decision 053): the counts are asked with every list, and building them with Drizzle on each
 * request cost as much CPU as the list itself. A search always takes the index form: a count reads every match,
 * so walking the newest conversations has nothing to stop early on.
 */
function countsStatement(db: Database, filter: InboxFilter) {
  const shape = shapeOf(filter, 'index');
  const name = statementName('dashboard_inbox_counts', shape);
  let statements = countsStatementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    countsStatementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name);
  if (!statement) {
    const values = filterPlaceholders;
    const countOf = (conditions: SQL | undefined) =>
      sql<number>`(select count(*)::int from ${conversations}
        where ${and(eq(conversations.brandId, brandId), conditions)})`;
    const query = db
      .select({
        conversations: countOf(conversationConditions(shape, values)),
        unread: countOf(conversationConditions({ ...shape, unread: true }, values)),
        comments: sql<number>`(select count(*)::int from ${comments}
        where ${and(
          eq(comments.brandId, brandId),
          shape.search
            ? or(ilike(comments.username, values.pattern), ilike(comments.content, values.pattern))
            : undefined,
        )})`,
      })
      .from(brands)
      .where(and(eq(brands.id, brandId), memberMay(userId, 'brand.read', brands.workspaceId)));
    statement = hotStatement<InboxCountsRow>(db, query, name, (v) => ({
      conversations: v[0] as number,
      unread: v[1] as number,
      comments: v[2] as number,
    }));
    statements.set(name, statement);
  }
  return statement;
}

/** The tab counts for the same filters as the lists (no row for a brand the caller may not read). */
export async function countInboxOfBrand(
  db: Database,
  userId: string,
  brandId: string,
  filter: InboxFilter,
): Promise<InboxCountsRow | undefined> {
  const [row] = await countsStatement(db, filter).execute({ ...valuesOf(filter, userId, brandId) });
  return row;
}

/** The posts and reels a brand's comments are on, newest comment first (comments are kept 7 days). */
export async function listCommentedPostsOfBrand(db: Database, userId: string, brandId: string) {
  return db
    .select({
      mediaId: sql<string>`${comments.mediaId}`,
      comments: sql<number>`count(*)::int`,
      lastCommentAt: sql<Date>`max(${comments.createdAt})`.mapWith(comments.createdAt),
      lastComment: sql<string>`(array_agg(${comments.content} order by ${comments.createdAt} desc))[1]`,
    })
    .from(comments)
    .where(and(eq(comments.brandId, brandId), isNotNull(comments.mediaId), readsBrand(userId, brandId)))
    .groupBy(comments.mediaId)
    .orderBy(desc(sql`max(${comments.createdAt})`))
    .limit(50);
}

/**
 * What the workspace has set up, for the Overview's checklist: one row of `exists` checks over its brands (none
 * for a caller who is not a member, so the service answers 404).
 */
export async function findSetupState(db: Database, userId: string, workspaceId: string) {
  const inWorkspace = sql`(select b.id from brands b where b.workspace_id = ${workspaceId})`;
  const [row] = await db
    .select({
      brand: sql<boolean>`exists ${inWorkspace}`,
      instagram: sql<boolean>`exists (select 1 from instagram_connections c
        where c.brand_id in ${inWorkspace} and c.status = 'connected')`,
      realInstagram: sql<boolean>`exists (select 1 from instagram_connections c
        where c.brand_id in ${inWorkspace} and c.status = 'connected' and not c.sample)`,
      store: sql<boolean>`exists (select 1 from store_connections s where s.brand_id in ${inWorkspace})`,
      voice: sql<boolean>`exists (select 1 from brand_personalities p where p.brand_id in ${inWorkspace})`,
      assistant: sql<boolean>`exists (select 1 from assistant_traces t where t.brand_id in ${inWorkspace})`,
      active: sql<boolean>`exists (select 1 from brands b where b.workspace_id = ${workspaceId} and b.active)`,
    })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), memberMay(userId, 'brand.read', workspaceId)))
    .limit(1);
  return row;
}
