import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';
import { createdAtNow, ownedBy, primaryUuid, timestamptz, timestamptzNow, updatedAtNow } from './columns.ts';

/**
 * Outbound webhooks (decision 049). Events are recorded by database triggers in the transaction of the fact
 * (migration 0020), with one pending delivery per subscribed endpoint; the `webhook-deliver` job sends them.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    url: text('url').notNull(),
    /** The event types it receives. */
    events: text('events').array().notNull(),
    /** The signing secret, sealed by the secret box; shown in plain text once, when created or rolled. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off: by a person, or after failing for 5 days. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamptz('disabled_at'),
    /** The first failure since the last success; null while it answers. */
    failingSince: timestamptz('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (table) => [index('webhook_endpoints_workspace_idx').on(table.workspaceId, table.createdAt)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event id receivers see in the body. */
    id: primaryUuid(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    type: text('type').notNull(),
    /** The fact it reports (`message.received:<message id>`): one event per fact, however often it is written. */
    sourceKey: text('source_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtNow(),
  },
  (table) => [
    unique('webhook_events_source_key').on(table.sourceKey),
    index('webhook_events_created_idx').on(table.createdAt),
  ],
);

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** One event to one endpoint; its id is `X-Voicecart-Delivery`, the same on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryUuid(),
    eventId: ownedBy('event_id', () => webhookEvents.id),
    endpointId: ownedBy('endpoint_id', () => webhookEndpoints.id),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while one runs, the end of its lease. */
    nextAttemptAt: timestamptzNow('next_attempt_at'),
    /** When a job was last sent for it; null until the dispatcher sends the first. */
    queuedAt: timestamptz('queued_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAtNow(),
  },
  (table) => [
    unique('webhook_deliveries_event_endpoint_key').on(table.eventId, table.endpointId),
    check('webhook_deliveries_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt, table.id),
    index('webhook_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
