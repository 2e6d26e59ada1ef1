import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from '#contracts/zod.ts';
import {
  maxWebhookEndpointsPerWorkspace,
  webhookTestEventType,
  type createWebhookEndpointInputSchema,
  type updateWebhookEndpointInputSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '#contracts/webhooks.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import {
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  type WebhookEndpointRow,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import {
  checkOutboundUrl,
  OutboundAddressError,
  UnreachableError,
} from '#server/integrations/http/guarded-fetch.ts';
import { webhookDeliverJob } from '#server/jobs/definitions.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { createWebhookSecret } from './signing.ts';

export interface WebhookServiceOptions {
  db: Database;
  jobs: JobQueue;
  secretBox: SecretBox;
  /** `http://127.0.0.1:PORT` accepted too (ALLOW_LOOPBACK_WEBHOOKS: development and tests). */
  allowLoopback: boolean;
  /** Swappable for tests: host name to addresses. */
  resolve?: (host: string) => Promise<string[]>;
}

const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found');

/**
 * Keyset position in an endpoint's delivery log, newest first: the last delivery's id. The database compares the
 * whole timestamp (microseconds), which a JavaScript date would round.
 */
function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    throw new AppError('BAD_REQUEST', 'The cursor is not one this list gave', [
      { path: 'cursor', message: 'must be a cursor from the X-Next-Cursor header' },
    ]);
  return id;
}

/** A workspace's outbound webhook endpoints (decision 049); every call asks the policy for `webhooks.manage`. */
export function createWebhookService(options: WebhookServiceOptions) {
  const { db, jobs, secretBox } = options;

  /** The address may be used: https on a public address (the store address guard, decision 025). */
  async function checkUrl(url: string): Promise<string> {
    try {
      const checked = await checkOutboundUrl(url, {
        allowLoopback: options.allowLoopback,
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
      return checked.toString();
    } catch (error) {
      if (error instanceof OutboundAddressError || error instanceof UnreachableError) {
        const message = `The address ${error.message}`;
        throw new AppError('BAD_REQUEST', message, [{ path: 'url', message }]);
      }
      throw error;
    }
  }

  async function findEndpoint(workspaceId: string, endpointId: string): Promise<WebhookEndpointRow> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, workspaceId)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async listEndpoints(userId: string, workspaceId: string): Promise<WebhookEndpoint[]> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
      return rows.map(toEndpoint);
    },

    async getEndpoint(userId: string, workspaceId: string, endpointId: string): Promise<WebhookEndpoint> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      return toEndpoint(await findEndpoint(workspaceId, endpointId));
    },

    async createEndpoint(
      userId: string,
      workspaceId: string,
      input: z.output<typeof createWebhookEndpointInputSchema>,
    ): Promise<WebhookEndpointWithSecret> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      const url = await checkUrl(input.url);
      const [existing] = await db
        .select({ total: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId));
      if ((existing?.total ?? 0) >= maxWebhookEndpointsPerWorkspace)
        throw new AppError(
          'CONFLICT',
          `A workspace can have at most ${maxWebhookEndpointsPerWorkspace} webhook endpoints. Delete one first.`,
        );
      const secret = createWebhookSecret();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          workspaceId,
          url,
          events: input.events,
          secretSealed: secretBox.seal(secret, 'webhook-endpoint-secret'),
          createdBy: userId,
        })
        .returning();
      return { ...toEndpoint(row!), secret };
    },

    async updateEndpoint(
      userId: string,
      workspaceId: string,
      endpointId: string,
      input: z.output<typeof updateWebhookEndpointInputSchema>,
    ): Promise<WebhookEndpoint> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      await findEndpoint(workspaceId, endpointId);
      const url = input.url === undefined ? undefined : await checkUrl(input.url);
      const now = new Date();
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...(url !== undefined ? { url } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(input.enabled === true
            ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
            : {}),
          ...(input.enabled === false
            ? { enabled: false, disabledReason: 'Turned off by a person.', disabledAt: now }
            : {}),
          updatedAt: now,
        })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning();
      if (!row) throw notFound();
      return toEndpoint(row);
    },

    async deleteEndpoint(userId: string, workspaceId: string, endpointId: string): Promise<void> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      const deleted = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning({ id: webhookEndpoints.id });
      if (deleted.length === 0) throw notFound();
    },

    /** A new secret replaces the old one at once; deliveries from now on are signed with it. */
    async rollSecret(userId: string, workspaceId: string, endpointId: string): Promise<{ secret: string }> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      const secret = createWebhookSecret();
      const updated = await db
        .update(webhookEndpoints)
        .set({ secretSealed: secretBox.seal(secret, 'webhook-endpoint-secret'), updatedAt: new Date() })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning({ id: webhookEndpoints.id });
      if (updated.length === 0) throw notFound();
      return { secret };
    },

    /** "Send test event": one event for this endpoint alone, its job sent at once; a turned-off endpoint is refused. */
    async sendTestEvent(
      userId: string,
      workspaceId: string,
      endpointId: string,
    ): Promise<{ deliveryId: string; eventId: string }> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      const endpoint = await findEndpoint(workspaceId, endpointId);
      if (!endpoint.enabled)
        throw new AppError('CONFLICT', 'This endpoint is turned off. Turn it on to send a test event.');
      const now = new Date();
      const result = await db.transaction(async (tx) => {
        const [event] = await tx
          .insert(webhookEvents)
          .values({
            workspaceId,
            type: webhookTestEventType,
            sourceKey: `${webhookTestEventType}:${randomUUID()}`,
            data: { endpointId, message: 'A test event from Voicecart.' },
          })
          .returning({ id: webhookEvents.id });
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({ eventId: event!.id, endpointId, queuedAt: now })
          .returning({ id: webhookDeliveries.id });
        await jobs.send(webhookDeliverJob, { deliveryId: delivery!.id }, { tx });
        return { deliveryId: delivery!.id, eventId: event!.id };
      });
      jobs.wake(webhookDeliverJob, 1);
      return result;
    },

    /** The endpoint's delivery log, newest first, keyset-paged. */
    async listDeliveries(
      userId: string,
      workspaceId: string,
      endpointId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
      await authorizeWorkspace(db, userId, 'webhooks.manage', workspaceId);
      await findEndpoint(workspaceId, endpointId);
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          eventType: webhookEvents.type,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          responseStatus: webhookDeliveries.responseStatus,
          lastError: webhookDeliveries.lastError,
          createdAt: webhookDeliveries.createdAt,
          lastAttemptAt: webhookDeliveries.lastAttemptAt,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            after
              ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (select created_at, id
                  from webhook_deliveries where id = ${after})`
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
          nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        })),
        nextCursor: rows.length > query.limit && last ? Buffer.from(last.id).toString('base64url') : null,
      };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
