import { and, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { InstagramWebhookPayload } from '#contracts/instagram.ts';
import type { Database } from '#server/db/client.ts';
import { instagramConnections, instagramEvents } from '#server/db/schema/index.ts';
import { instagramProcessJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { extractInboundEvents } from './webhook-events.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (7 columns each). */
const chunkSize = 500;
const lastWebhookPrecisionMs = 5000;

export interface IngestResult {
  received: number;
  stored: number;
  duplicates: number;
  unknownAccount: number;
}

/**
 * Every update of a signed delivery is stored and its processing enqueued in one transaction, then the
 * request is answered; nothing here waits on Graph or on the assistant. Updates for an account no brand has
 * connected are acknowledged and logged, not stored.
 */
export function createInbox({ db, jobs, log }: { db: Database; jobs: JobQueue; log: Logger }) {
  const touchedAt = new Map<string, number>();

  /**
   * "Last webhook received" for the screen, to the nearest few seconds. Outside the transaction and throttled: one
   * row per account updated by every request would serialise all deliveries on its row lock.
   */
  async function touchLastWebhook(accountIds: string[]) {
    const now = Date.now();
    const due = accountIds.filter((id) => now - (touchedAt.get(id) ?? 0) >= lastWebhookPrecisionMs);
    if (due.length === 0) return;
    for (const id of due) touchedAt.set(id, now);
    await db
      .update(instagramConnections)
      .set({ lastWebhookAt: sql`now()` })
      .where(
        and(
          inArray(instagramConnections.accountId, due),
          sql`(${instagramConnections.lastWebhookAt} is null or ${instagramConnections.lastWebhookAt} < now() - interval '5 seconds')`,
        ),
      );
  }

  return {
    async ingest(payload: InstagramWebhookPayload): Promise<IngestResult> {
      const events = extractInboundEvents(payload);
      const accountIds = [...new Set(events.map((event) => event.accountId))];
      const owners =
        accountIds.length === 0
          ? []
          : await db
              .select({ accountId: instagramConnections.accountId, brandId: instagramConnections.brandId })
              .from(instagramConnections)
              .where(inArray(instagramConnections.accountId, accountIds));
      const brandOf = new Map(owners.map((owner) => [owner.accountId, owner.brandId]));
      const known = events.filter((event) => brandOf.has(event.accountId));
      const unknownAccount = events.length - known.length;
      if (unknownAccount > 0) {
        const unknownIds = accountIds.filter((id) => !brandOf.has(id)).slice(0, 10);
        log.warn(
          { accounts: unknownIds, events: unknownAccount },
          'instagram webhook for an account no brand has connected: ignored',
        );
      }
      if (known.length === 0) return { received: events.length, stored: 0, duplicates: 0, unknownAccount };

      const threads = new Map<string, { brandId: string; threadKey: string }>();
      let stored = 0;
      await db.transaction(async (tx) => {
        for (let start = 0; start < known.length; start += chunkSize) {
          const rows = await tx
            .insert(instagramEvents)
            .values(
              known.slice(start, start + chunkSize).map((event) => ({
                brandId: brandOf.get(event.accountId)!,
                accountId: event.accountId,
                dedupeKey: event.dedupeKey,
                kind: event.kind,
                threadKey: event.threadKey,
                occurredAt: event.occurredAt,
                payload: event.payload,
              })),
            )
            .onConflictDoNothing({ target: [instagramEvents.brandId, instagramEvents.dedupeKey] })
            .returning({ brandId: instagramEvents.brandId, threadKey: instagramEvents.threadKey });
          stored += rows.length;
          for (const row of rows) threads.set(`${row.brandId}|${row.threadKey}`, row);
        }
        await jobs.sendMany(
          instagramProcessJob,
          [...threads.values()].map((thread) => ({ payload: thread })),
          { tx },
        );
      });
      if (threads.size > 0) jobs.wake(instagramProcessJob, threads.size);
      await touchLastWebhook([...new Set(known.map((event) => event.accountId))]);
      return { received: events.length, stored, duplicates: known.length - stored, unknownAccount };
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
