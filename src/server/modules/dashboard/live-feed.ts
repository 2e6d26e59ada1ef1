import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { liveEventSchema, type LiveEvent } from '#contracts/dashboard-actions.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { liveEvents } from '#server/db/schema/index.ts';

/** The NOTIFY channel of the `voicecart_live_event` trigger function (migration 0001). */
export const LIVE_CHANNEL = 'voicecart_live';
/** How long a reconnecting browser can be away and still catch up event by event. */
export const LIVE_RETENTION_MS = 60 * 60 * 1000;
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

function parseNotification(payload: string): (LiveDelivery & { userId: string }) | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const parsed = liveEventSchema.safeParse({
      topic: raw.topic,
      op: raw.op,
      brandId: raw.brandId,
      id: raw.entityId ?? null,
      conversationId: raw.conversationId ?? null,
    });
    if (!parsed.success || typeof raw.id !== 'number' || typeof raw.userId !== 'string') return null;
    return { ...parsed.data, seq: raw.id, userId: raw.userId };
  } catch {
    return null;
  }
}

/**
 * One LISTEN per process, fanned out to the SSE connections of each user. Events come from database triggers
 * (decision 020), so a change made by any process or module reaches every open dashboard of its owner.
 */
export function createLiveFeed({ database }: { database: DatabaseHandle }) {
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  function ensureListening() {
    listening ??= database.listen(
      LIVE_CHANNEL,
      (payload) => {
        const event = parseNotification(payload);
        if (!event) return;
        const { userId, ...delivery } = event;
        for (const subscriber of subscribers.get(userId) ?? []) subscriber.deliver(delivery);
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
      const group = subscribers.get(subscriber.userId) ?? new Set();
      group.add(subscriber);
      subscribers.set(subscriber.userId, group);
      return () => {
        group.delete(subscriber);
        if (group.size === 0) subscribers.delete(subscriber.userId);
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
      const [oldest] = await database.db
        .select({ min: sql<number | null>`min(${liveEvents.id})` })
        .from(liveEvents);
      // Pruning keeps the newest row, so an empty table means there never were events. A gap before the oldest
      // kept row may hold pruned events of this user (or only ids of rolled-back writes: a harmless refetch).
      if (oldest?.min != null && Number(oldest.min) > afterSeq + 1) return null;
      const rows = await database.db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterSeq)))
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

    /** Drops events older than the retention window. */
    async prune(now = Date.now()): Promise<void> {
      await database.db.delete(liveEvents).where(
        and(
          lt(liveEvents.createdAt, new Date(now - LIVE_RETENTION_MS)),
          // The newest row stays: it tells replay where the kept history starts.
          lt(liveEvents.id, sql`(select max(${liveEvents.id}) from ${liveEvents})`),
        ),
      );
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
