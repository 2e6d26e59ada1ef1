import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { liveEventSchema, type LiveEvent } from '#contracts/dashboard-actions.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import type { RetentionRule } from '#server/db/batched-delete.ts';
import { liveEvents, workspaceMembers } from '#server/db/schema/index.ts';

/** The NOTIFY channel of the `voicecart_live_event` trigger function (migration 0001). */
export const LIVE_CHANNEL = 'voicecart_live';
/** More missed events than this: the browser is told to refetch everything instead. */
const REPLAY_LIMIT = 500;

export interface LiveDelivery extends LiveEvent {
  /** The SSE event id (live_events.id). */
  seq: number;
}

export interface LiveSubscriber {
  userId: string;
  deliver(event: LiveDelivery): void;
  /** Events may have been missed (the LISTEN connection dropped): refetch everything. */
  reset(): void;
}

function parseNotification(payload: string): (LiveDelivery & { workspaceId: string }) | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const parsed = liveEventSchema.safeParse({
      topic: raw.topic,
      op: raw.op,
      brandId: raw.brandId,
      id: raw.entityId ?? null,
      conversationId: raw.conversationId ?? null,
    });
    if (!parsed.success || typeof raw.id !== 'number' || typeof raw.workspaceId !== 'string') return null;
    return { ...parsed.data, seq: raw.id, workspaceId: raw.workspaceId };
  } catch {
    return null;
  }
}

/** The workspaces the user is a member of: their events are the user's (decision 030). */
async function workspacesOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((row) => row.workspaceId);
}

/**
 * One LISTEN per process, fanned out to the SSE connections of each workspace's members. Events come from
 * database triggers (decision 020), so a change made by any process or module reaches every open dashboard of
 * the brand's workspace. A connection learns its user's workspaces when it opens (the browser reconnects after
 * a workspace is joined or switched).
 */
export function createLiveFeed({ database }: { database: DatabaseHandle }) {
  /** Subscribers by workspace id. */
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  function ensureListening() {
    listening ??= database.listen(
      LIVE_CHANNEL,
      (payload) => {
        const event = parseNotification(payload);
        if (!event) return;
        const { workspaceId, ...delivery } = event;
        for (const subscriber of subscribers.get(workspaceId) ?? []) subscriber.deliver(delivery);
      },
      () => {
        for (const group of subscribers.values()) for (const subscriber of group) subscriber.reset();
      },
    );
    return listening;
  }

  return {
    /** Starts delivering to the subscriber; resolves to the function that stops. */
    async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
      if (closed) throw new Error('live feed closed');
      await ensureListening();
      const workspaceIds = await workspacesOf(database.db, subscriber.userId);
      for (const workspaceId of workspaceIds) {
        const group = subscribers.get(workspaceId) ?? new Set();
        group.add(subscriber);
        subscribers.set(workspaceId, group);
      }
      return () => {
        for (const workspaceId of workspaceIds) {
          const group = subscribers.get(workspaceId);
          group?.delete(subscriber);
          if (group?.size === 0) subscribers.delete(workspaceId);
        }
      };
    },

    /** The newest event id, where a fresh connection starts counting from. */
    async latestSeq(): Promise<number> {
      const [row] = await database.db
        .select({ max: sql<number | null>`max(${liveEvents.id})` })
        .from(liveEvents);
      return Number(row?.max ?? 0);
    },

    /**
     * The user's events after `afterSeq`, oldest first; `null` when the gap cannot be replayed (pruned or too
     * many), so the browser must refetch everything.
     */
    async replay(userId: string, afterSeq: number): Promise<LiveDelivery[] | null> {
      const [kept] = await database.db
        .select({
          oldest: sql<number | null>`min(${liveEvents.id})`,
          newest: sql<number | null>`max(${liveEvents.id})`,
        })
        .from(liveEvents);
      const oldest = kept?.oldest == null ? null : Number(kept.oldest);
      const newest = kept?.newest == null ? 0 : Number(kept.newest);
      // A gap before the oldest kept row may hold pruned events of this user (or only ids of rolled-back writes:
      // a harmless refetch). Pruning keeps the newest row, so an id past it was never handed out by this
      // database (a restored or replaced one): what the browser holds may be stale too.
      if (afterSeq > newest || (oldest !== null && oldest > afterSeq + 1)) return null;
      const workspaceIds = await workspacesOf(database.db, userId);
      if (workspaceIds.length === 0) return [];
      const rows = await database.db
        .select()
        .from(liveEvents)
        .where(and(inArray(liveEvents.workspaceId, workspaceIds), gt(liveEvents.id, afterSeq)))
        .orderBy(asc(liveEvents.id))
        .limit(REPLAY_LIMIT + 1);
      if (rows.length > REPLAY_LIMIT) return null;
      return rows.map((row) => ({
        seq: row.id,
        topic: row.topic as LiveEvent['topic'],
        op: row.op as LiveEvent['op'],
        brandId: row.brandId,
        id: row.entityId,
        conversationId: row.conversationId,
      }));
    },

    async close(): Promise<void> {
      closed = true;
      for (const group of subscribers.values()) group.clear();
      subscribers.clear();
      if (listening) await (await listening.catch(() => async () => {}))();
    },
  };
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;

/**
 * Decision 020: the prune-old-rows job's part for the live feed. Events older than LIVE_EVENTS_RETENTION_SECONDS go,
 * oldest first along `live_events_created_idx`. The newest row always stays: it tells replay where the kept history
 * starts (a browser resuming from an id before it is told to refetch everything).
 */
export const liveEventsRetention: RetentionRule = {
  table: 'live_events',
  column: 'created_at',
  keep: sql`id = (select max(id) from live_events)`,
};
