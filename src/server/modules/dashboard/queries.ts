import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  automationRules,
  brandPersonalities,
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

interface PageParams {
  limit: number;
  after?: KeysetPosition | undefined;
}

/** Search and status filters of the inbox lists (spec §2 matching rules, case-insensitive). */
export interface InboxFilter {
  q?: string | undefined;
  status?: string | undefined;
}

/** `%text%` for ILIKE with the text's own % _ and \ matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** spec §2: DMs match by customer username. */
function conversationFilter(filter: InboxFilter) {
  return and(
    filter.q ? ilike(conversations.customerUsername, containsPattern(filter.q)) : undefined,
    filter.status ? eq(conversations.status, filter.status) : undefined,
  );
}

/** spec §2: comments match by username or content. */
function commentFilter(filter: InboxFilter) {
  if (!filter.q) return undefined;
  const pattern = containsPattern(filter.q);
  return or(ilike(comments.username, pattern), ilike(comments.content, pattern));
}

// Every list reads one row more than asked, to know whether another page exists.
const fetchSize = (page: PageParams) => page.limit + 1;

/** `(ts, id) > (cursor)` for ascending lists, `<` for descending; the row comparison is an index range. */
function afterPosition(
  at: SQL.Aliased | unknown,
  id: unknown,
  direction: 'asc' | 'desc',
  after?: KeysetPosition,
) {
  if (!after) return undefined;
  const op = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  return sql`(${at}, ${id}) ${op} (${after.at}::timestamptz, ${after.id}::uuid)`;
}

/** `exists` guards that put the ownership check into the list query itself: one round trip per page. */
const ownsBrand = (userId: string, brandId: string) =>
  sql`exists (select 1 from ${brands} where ${brands.id} = ${brandId} and ${brands.userId} = ${userId})`;
const ownsConversation = (userId: string, conversationId: string) =>
  sql`exists (select 1 from ${conversations} inner join ${brands} on ${brands.id} = ${conversations.brandId}
    where ${conversations.id} = ${conversationId} and ${brands.userId} = ${userId})`;

export async function listBrandsOfUser(db: Database, userId: string, page: PageParams) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      username: brands.username,
      active: brands.active,
      instagramConnected: brands.instagramConnected,
      shopifyConnected: brands.shopifyConnected,
      positionAt: sql<string>`${brands.createdAt}::text`,
    })
    .from(brands)
    .where(and(eq(brands.userId, userId), afterPosition(brands.createdAt, brands.id, 'asc', page.after)))
    .orderBy(asc(brands.createdAt), asc(brands.id))
    .limit(fetchSize(page));
}

/** The brand when it belongs to the user; undefined for another user's brand and for a missing one alike. */
export async function findBrandOfUser(db: Database, userId: string, brandId: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.userId, userId)))
    .limit(1);
  return row;
}

/** The conversation when its brand belongs to the user. */
export async function findConversationOfUser(db: Database, userId: string, conversationId: string) {
  const [row] = await db
    .select({ id: conversations.id, brandId: conversations.brandId })
    .from(conversations)
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .where(and(eq(conversations.id, conversationId), eq(brands.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Newest `lastMessageAt` first (index conversations_brand_recent_idx). Lists return no rows for another
 * user's brand; the service then tells "not yours" (404) from "empty".
 */
export async function listConversationsOfBrand(
  db: Database,
  userId: string,
  brandId: string,
  page: PageParams,
  filter: InboxFilter = {},
) {
  return (
    db
      .select({
        id: conversations.id,
        customerUsername: conversations.customerUsername,
        lastMessageAt: conversations.lastMessageAt,
        status: conversations.status,
        handledBy: conversations.handledBy,
        positionAt: sql<string>`${conversations.lastMessageAt}::text`,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.brandId, brandId),
          ownsBrand(userId, brandId),
          conversationFilter(filter),
          afterPosition(conversations.lastMessageAt, conversations.id, 'desc', page.after),
        ),
      )
      // NULLS LAST matches the index order, so the planner walks the index instead of sorting.
      .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, sql`${conversations.id} desc nulls last`)
      .limit(fetchSize(page))
  );
}

/** Oldest first (index messages_conversation_created_idx). */
export async function listMessagesOfConversation(
  db: Database,
  userId: string,
  conversationId: string,
  page: PageParams,
) {
  return db
    .select({
      id: messages.id,
      sender: messages.sender,
      content: messages.content,
      createdAt: messages.createdAt,
      inventoryChecked: messages.inventoryChecked,
      positionAt: sql<string>`${messages.createdAt}::text`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ownsConversation(userId, conversationId),
        afterPosition(messages.createdAt, messages.id, 'asc', page.after),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(fetchSize(page));
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
        ownsBrand(userId, brandId),
        commentFilter(filter),
        afterPosition(comments.createdAt, comments.id, 'desc', page.after),
      ),
    )
    .orderBy(sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`)
    .limit(fetchSize(page));
}

export async function findPersonalityOfBrand(db: Database, brandId: string) {
  const [row] = await db
    .select({
      archetype: brandPersonalities.archetype,
      tone: brandPersonalities.tone,
      voiceDescription: brandPersonalities.voiceDescription,
      exampleResponses: brandPersonalities.exampleResponses,
    })
    .from(brandPersonalities)
    .where(eq(brandPersonalities.brandId, brandId))
    .limit(1);
  return row;
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
      positionAt: sql<string>`${automationRules.createdAt}::text`,
    })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.brandId, brandId),
        ownsBrand(userId, brandId),
        afterPosition(automationRules.createdAt, automationRules.id, 'asc', page.after),
      ),
    )
    .orderBy(asc(automationRules.createdAt), asc(automationRules.id))
    .limit(fetchSize(page));
}

/** The tab counts for the same filters as the lists (zero for a brand that is not the user's). */
export async function countInboxOfBrand(db: Database, userId: string, brandId: string, filter: InboxFilter) {
  const [row] = await db
    .select({
      conversations: sql<number>`(select count(*)::int from ${conversations}
        where ${and(eq(conversations.brandId, brandId), conversationFilter(filter))})`,
      comments: sql<number>`(select count(*)::int from ${comments}
        where ${and(eq(comments.brandId, brandId), commentFilter(filter))})`,
    })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.userId, userId)));
  return row;
}
