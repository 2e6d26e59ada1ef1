import {
  brandArchetypeSchema,
  brandToneSchema,
  defaultBrandPersonality,
  type AutomationRule,
  type Brand,
  type BrandPersonality,
  type Comment,
  type CommentedPost,
  type Conversation,
  type ListQuery,
  type Message,
  type SetupChecklist,
  setupSteps,
} from '#contracts/dashboard.ts';
import { authorize, notFound, refusal, type AccessTarget } from '#server/access/brand-access.ts';
import { findSavedPersonality } from '#server/brand-personality.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import * as queries from './queries.ts';
import type { InboxFilter, KeysetPosition, PageParams } from './queries.ts';
import type { InboxCounts } from '#contracts/dashboard-actions.ts';

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// PostgreSQL's ISO output of a timestamptz, e.g. `2026-11-22 02:35:00.123456+00`.
const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/** A real calendar time in PostgreSQL's format, so the cast in SQL cannot fail. */
function isPgTimestamp(text: string): boolean {
  const match = PG_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes = '0'] = match
    .slice(1)
    .map((part) => (part === '+' || part === '-' ? part : Number(part ?? 0))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15 &&
    Number(offsetMinutes) < 60
  );
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** A cursor we did not hand out is bad input (400 naming `cursor`), never a database error. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !UUID.test(id) || !isPgTimestamp(at)) {
    throw new AppError(
      'BAD_REQUEST',
      'Invalid querystring: cursor: is not a cursor from the X-Next-Cursor header',
      [{ path: 'cursor', message: 'is not a cursor from the X-Next-Cursor header' }],
    );
  }
  return { at, id };
}

function toPage<Row extends { id: string; positionAt: string }, T>(
  rows: Row[],
  limit: number,
  map: (row: Row) => T,
): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    items: kept.map(map),
    nextCursor: hasMore && last ? encodeCursor({ at: last.positionAt, id: last.id }) : null,
  };
}

/** The page a list's query asks for. */
const pageOf = (query: ListQuery): PageParams => ({ limit: query.limit, after: decodeCursor(query.cursor) });

const workspaceNotFound = () => new AppError('NOT_FOUND', 'Workspace not found');

/**
 * The dashboard's reads. Every read asks the access policy (server/access/, decision 030), folded into
 * its statement: a brand or conversation of a workspace the caller is not in is answered exactly like a missing
 * one (404), so ids reveal nothing. An empty answer costs one more read to tell "empty" from "not yours",
 * except from a filtered conversation list, whose statement says whether the brand is readable.
 */
export function createDashboardService({ db }: { db: Database }) {
  /** A page of a list under a brand or conversation; an empty one costs the read that tells "empty" from "not yours". */
  async function readPage<Row extends { id: string; positionAt: string }, T>(
    userId: string,
    target: AccessTarget,
    query: ListQuery,
    read: (page: PageParams) => Promise<Row[]>,
    map: (row: Row) => T,
  ): Promise<Page<T>> {
    const page = pageOf(query);
    const rows = await read(page);
    if (rows.length === 0) await authorize(db, userId, 'brand.read', target);
    return toPage(rows, page.limit, map);
  }

  return {
    /** The brands of a workspace the caller belongs to (the session's current one, or `X-Workspace-Id`). */
    async listBrands(userId: string, workspaceId: string, query: ListQuery): Promise<Page<Brand>> {
      const page = pageOf(query);
      const rows = await queries.listBrandsOfWorkspace(db, userId, workspaceId, page);
      if (rows.length === 0 && !(await queries.isMemberOfWorkspace(db, userId, workspaceId))) {
        throw workspaceNotFound();
      }
      // Field by field, as the other lists: a rest pattern (`{ positionAt, ...brand }`) copies through a generic
      // V8 builtin, about 2,700 machine instructions a brand.
      return toPage(rows, page.limit, (row) => ({
        id: row.id,
        name: row.name,
        username: row.username,
        active: row.active,
        instagramConnected: row.instagramConnected,
        shopifyConnected: row.shopifyConnected,
        storePlatform: row.storePlatform,
        instagramSample: row.instagramSample,
      }));
    },

    async listConversations(
      userId: string,
      brandId: string,
      query: ListQuery & InboxFilter,
    ): Promise<Page<Conversation>> {
      const page = pageOf(query);
      const { rows, readable } = await queries.listConversationsOfBrand(db, userId, brandId, page, query);
      if (rows.length === 0 && !readable) await authorize(db, userId, 'brand.read', { brandId });
      return toPage(rows, page.limit, (row) => ({
        id: row.id,
        customerUsername: row.customerUsername,
        lastMessageAt: row.lastMessageAt,
        status: row.status,
        handledBy: row.handledBy,
        unread: row.unread,
        preview: row.preview,
      }));
    },

    listMessages(userId: string, conversationId: string, query: ListQuery): Promise<Page<Message>> {
      return readPage(
        userId,
        { conversationId },
        query,
        (page) => queries.listMessagesOfConversation(db, userId, conversationId, page),
        (row) => ({
          id: row.id,
          sender: row.sender,
          content: row.content,
          createdAt: row.createdAt,
          inventoryChecked: row.inventoryChecked,
          deliveryState: row.deliveryState,
        }),
      );
    },

    listComments(userId: string, brandId: string, query: ListQuery & InboxFilter): Promise<Page<Comment>> {
      return readPage(
        userId,
        { brandId },
        query,
        (page) => queries.listCommentsOfBrand(db, userId, brandId, page, query),
        (row) => ({
          id: row.id,
          username: row.username,
          content: row.content,
          replied: row.replied,
          replyContent: row.replyContent,
          createdAt: row.createdAt.toISOString(),
        }),
      );
    },

    /** The saved personality, or the defaults (`saved: false`) for a brand that has none yet. */
    async getPersonality(userId: string, brandId: string): Promise<BrandPersonality> {
      await authorize(db, userId, 'brand.read', { brandId });
      const row = await findSavedPersonality(db, brandId);
      if (!row) return { brandId, ...defaultBrandPersonality, saved: false };
      return {
        brandId,
        // The table's check constraints hold the same lists; parsing keeps the type honest.
        archetype: brandArchetypeSchema.parse(row.archetype),
        tone: brandToneSchema.parse(row.tone),
        voiceDescription: row.voiceDescription,
        exampleResponses: row.exampleResponses,
        saved: true,
      };
    },

    /** Tab counts for the inbox, with the lists' own filters. */
    async countInbox(userId: string, brandId: string, filter: InboxFilter): Promise<InboxCounts> {
      const counts = await queries.countInboxOfBrand(db, userId, brandId, filter);
      if (!counts) throw (await refusal(db, userId, 'brand.read', { brandId })) ?? notFound({ brandId });
      return counts;
    },

    /** The Overview's first-run checklist, ticked from what the workspace has stored. */
    async getSetupChecklist(userId: string, workspaceId: string): Promise<SetupChecklist> {
      const state = await queries.findSetupState(db, userId, workspaceId);
      if (!state) throw workspaceNotFound();
      const steps = setupSteps.map((id) => ({ id, done: Boolean(state[id]) }));
      return {
        steps,
        complete: steps.every((step) => step.done),
        sampleInstagram: Boolean(state.instagram) && !state.realInstagram,
      };
    },

    async listAutomationRules(
      userId: string,
      brandId: string,
      query: ListQuery,
    ): Promise<Page<AutomationRule>> {
      return readPage(
        userId,
        { brandId },
        query,
        (page) => queries.listAutomationRulesOfBrand(db, userId, brandId, page),
        ({ positionAt: _p, ...rule }) => rule,
      );
    },

    async listCommentedPosts(userId: string, brandId: string): Promise<CommentedPost[]> {
      const rows = await queries.listCommentedPostsOfBrand(db, userId, brandId);
      if (rows.length === 0) await authorize(db, userId, 'brand.read', { brandId });
      return rows.map((row) => ({
        ...row,
        lastComment: row.lastComment.slice(0, 120),
        lastCommentAt: row.lastCommentAt.toISOString(),
      }));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
