import { notify } from '#server/notifications/notify.ts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { utcDayOf } from '#contracts/calendar.ts';
import { webhookHeaders } from '#contracts/webhooks.ts';
import { paths } from '#contracts/paths.ts';
import type { Database } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema/index.ts';
import type { GuardedFetch } from '#server/integrations/http/guarded-fetch.ts';
import { OutboundAddressError, UnreachableError } from '#server/integrations/http/guarded-fetch.ts';
import { webhookDeliverJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { signWebhookBody } from './signing.ts';

const hour = 60 * 60 * 1000;
/** Decision 049: a delivery is tried for 24 hours from its event, then given up. */
export const giveUpAfterMs = 24 * hour;
/** Decision 049: an endpoint whose every delivery failed for 5 days is turned off. */
export const disableAfterMs = 5 * 24 * hour;
/** One attempt waits this long for an answer. */
const attemptTimeoutMs = 10_000;
/** A claimed attempt holds its delivery this long: a replayed job in the meantime sends nothing. */
const leaseMs = 60_000;
/** A pending delivery whose attempt is this overdue lost its job (a crash): the dispatcher sends another. */
const lostAfterMs = 10 * 60_000;
/** Seconds before each next attempt; the last repeats until the 24 hours are up (the final try is at 24 h). */
export const defaultRetryDelaysSeconds: readonly number[] = [
  30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200,
];

/** An endpoint turned off for failing: what its warning and its managers' notification say. */
export interface DisabledEndpoint {
  endpointId: string;
  workspaceId: string;
  url: string;
  reason: string;
  disabledAt: Date;
}

/**
 * Called once when an endpoint is turned off after failing for 5 days: a warning in the log and a notification to
 * the workspace's managers (decision 045), once per turning off.
 */
export async function onEndpointDisabled(
  db: Database,
  endpoint: DisabledEndpoint,
  log: Logger,
): Promise<void> {
  log.warn({ ...endpoint }, 'webhook endpoint turned off after failing for 5 days');
  await notify(db, {
    workspaceId: endpoint.workspaceId,
    kind: 'webhook_endpoint_failing',
    title: `Webhook endpoint ${endpoint.url} was turned off after failing for 5 days.`,
    link: paths.dashboard.settingsWebhooks,
    audience: 'managers',
    sourceKey: `webhook-disabled:${endpoint.endpointId}:${endpoint.disabledAt.toISOString()}`,
  });
}

export interface WebhookDeliveryOptions {
  db: Database;
  jobs: JobQueue;
  secretBox: SecretBox;
  fetch: GuardedFetch;
  log: Logger;
  /** Swappable for tests: the clock every decision reads (24 hours, 5 days, the signature's time). */
  now?: () => Date;
  retryDelaysSeconds?: readonly number[];
  onEndpointDisabled?: (endpoint: DisabledEndpoint) => Promise<void>;
}

export type AttemptOutcome =
  | { kind: 'skipped' }
  | { kind: 'succeeded'; status: number }
  | { kind: 'retrying'; nextAttemptAt: Date; error: string }
  | { kind: 'failed'; error: string; endpointDisabled: boolean };

export interface WebhookDelivery {
  /** One attempt of one delivery (the `webhook-deliver` job). */
  attempt(deliveryId: string): Promise<AttemptOutcome>;
  /** Sends a job for every delivery waiting for its first (or whose job was lost); returns how many. */
  dispatch(): Promise<number>;
}

function describeFailure(error: unknown): string {
  if (error instanceof OutboundAddressError) return `address not allowed (${error.message})`;
  if (error instanceof UnreachableError) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${attemptTimeoutMs / 1000} s`;
  return 'the request failed';
}

export function createWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { db, jobs, secretBox, log } = options;
  const clock = options.now ?? (() => new Date());
  const delays = options.retryDelaysSeconds ?? defaultRetryDelaysSeconds;
  const notifyDisabled = options.onEndpointDisabled ?? ((endpoint) => onEndpointDisabled(db, endpoint, log));

  async function send(url: string, headers: Record<string, string>, body: string) {
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300)
        return { ok: true as const, status: response.status };
      return { ok: false as const, status: response.status, error: `answered ${response.status}` };
    } catch (error) {
      return { ok: false as const, status: null, error: describeFailure(error) };
    }
  }

  return {
    async attempt(deliveryId) {
      const now = clock();
      // Claimed by one statement: only a pending, due delivery is taken, so a replayed or duplicated job sends
      // nothing while another attempt holds the lease or after the delivery settled.
      const [claimed] = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: now,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
        })
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, new Date(now.getTime() + 1000)),
          ),
        )
        .returning({ attempts: webhookDeliveries.attempts, eventId: webhookDeliveries.eventId });
      if (!claimed) return { kind: 'skipped' };
      const [row] = await db
        .select({
          eventId: webhookEvents.id,
          type: webhookEvents.type,
          createdAt: webhookEvents.createdAt,
          workspaceId: webhookEvents.workspaceId,
          data: webhookEvents.data,
          endpointId: webhookEndpoints.id,
          url: webhookEndpoints.url,
          secretSealed: webhookEndpoints.secretSealed,
          enabled: webhookEndpoints.enabled,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!row) return { kind: 'skipped' };

      const settle = async (
        status: 'succeeded' | 'failed',
        responseStatus: number | null,
        error: string | null,
      ) => {
        await db
          .update(webhookDeliveries)
          .set({ status, responseStatus, lastError: error, completedAt: now, nextAttemptAt: now })
          .where(eq(webhookDeliveries.id, deliveryId));
      };
      if (!row.enabled) {
        await settle('failed', null, 'the endpoint is turned off');
        return { kind: 'failed', error: 'the endpoint is turned off', endpointDisabled: false };
      }

      const body = JSON.stringify({
        id: row.eventId,
        type: row.type,
        createdAt: row.createdAt.toISOString(),
        workspaceId: row.workspaceId,
        data: row.data,
      });
      let secret: string;
      try {
        secret = secretBox.open(row.secretSealed, 'webhook-endpoint-secret');
      } catch (error) {
        log.error({ err: error, endpointId: row.endpointId }, 'webhook endpoint secret does not open');
        await settle('failed', null, 'the signing secret cannot be read: roll the secret');
        return { kind: 'failed', error: 'the signing secret cannot be read', endpointDisabled: false };
      }
      const result = await send(
        row.url,
        {
          'content-type': 'application/json',
          'user-agent': 'Voicecart-Webhooks/1.0',
          [webhookHeaders.signature]: signWebhookBody(secret, Math.floor(now.getTime() / 1000), body),
          [webhookHeaders.delivery]: deliveryId,
          [webhookHeaders.event]: row.type,
        },
        body,
      );

      if (result.ok) {
        await db.transaction(async (tx) => {
          await tx
            .update(webhookDeliveries)
            .set({ status: 'succeeded', responseStatus: result.status, lastError: null, completedAt: now })
            .where(eq(webhookDeliveries.id, deliveryId));
          await tx
            .update(webhookEndpoints)
            .set({ failingSince: null })
            .where(
              and(eq(webhookEndpoints.id, row.endpointId), sql`${webhookEndpoints.failingSince} is not null`),
            );
        });
        return { kind: 'succeeded', status: result.status };
      }

      const outcome = await db.transaction(
        async (tx): Promise<AttemptOutcome & { disabled?: DisabledEndpoint }> => {
          const [endpoint] = await tx
            .update(webhookEndpoints)
            .set({
              failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
            })
            .where(eq(webhookEndpoints.id, row.endpointId))
            .returning({ failingSince: webhookEndpoints.failingSince });
          const failingSince = endpoint?.failingSince ?? now;
          const recordFailure = (status: 'pending' | 'failed', nextAttemptAt: Date) =>
            tx
              .update(webhookDeliveries)
              .set({
                status,
                responseStatus: result.status,
                lastError: result.error,
                nextAttemptAt,
                ...(status === 'failed' ? { completedAt: now } : { queuedAt: now }),
              })
              .where(eq(webhookDeliveries.id, deliveryId));

          if (now.getTime() - failingSince.getTime() >= disableAfterMs) {
            const reason =
              `Turned off on ${utcDayOf(now)}: every delivery failed since ` +
              `${utcDayOf(failingSince)} (5 days); the last one: ${result.error}.`;
            const [disabled] = await tx
              .update(webhookEndpoints)
              .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
              .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.enabled, true)))
              .returning({ id: webhookEndpoints.id });
            await recordFailure('failed', now);
            return {
              kind: 'failed',
              error: result.error,
              endpointDisabled: true,
              ...(disabled
                ? {
                    disabled: {
                      endpointId: row.endpointId,
                      workspaceId: row.workspaceId,
                      url: row.url,
                      reason,
                      disabledAt: now,
                    },
                  }
                : {}),
            };
          }
          const deadline = row.createdAt.getTime() + giveUpAfterMs;
          if (now.getTime() >= deadline) {
            await recordFailure('failed', now);
            return { kind: 'failed', error: result.error, endpointDisabled: false };
          }
          const delaySeconds = delays[Math.min(claimed.attempts - 1, delays.length - 1)]!;
          const nextAttemptAt = new Date(Math.min(now.getTime() + delaySeconds * 1000, deadline));
          await recordFailure('pending', nextAttemptAt);
          await jobs.send(webhookDeliverJob, { deliveryId }, { tx, startAfter: nextAttemptAt });
          return { kind: 'retrying', nextAttemptAt, error: result.error };
        },
      );
      if (outcome.disabled) {
        const { disabled, ...rest } = outcome;
        try {
          await notifyDisabled(disabled);
        } catch (error) {
          log.error(
            { err: error, endpointId: disabled.endpointId },
            'could not tell about a turned-off endpoint',
          );
        }
        return rest;
      }
      return outcome;
    },

    async dispatch() {
      const now = clock();
      const ids = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.status, 'pending'),
              or(
                isNull(webhookDeliveries.queuedAt),
                lte(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - lostAfterMs)),
              ),
            ),
          )
          .orderBy(webhookDeliveries.nextAttemptAt)
          .limit(500)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const found = due.map((delivery) => delivery.id);
        await jobs.sendMany(
          webhookDeliverJob,
          found.map((deliveryId) => ({ payload: { deliveryId } })),
          { tx },
        );
        await tx.update(webhookDeliveries).set({ queuedAt: now }).where(inArray(webhookDeliveries.id, found));
        return found;
      });
      if (ids.length > 0) jobs.wake(webhookDeliverJob, ids.length);
      return ids.length;
    },
  };
}
