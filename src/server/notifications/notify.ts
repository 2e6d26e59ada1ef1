import { sql } from 'drizzle-orm';
import type { NotificationKind } from '#contracts/notifications.ts';
import { rolesAllowed } from '#server/access/policy.ts';
import type { Database } from '#server/db/client.ts';

/** The NOTIFY channel the live feed listens on (decision 020). */
const LIVE_CHANNEL = 'voicecart_live';

export interface Notice {
  workspaceId: string;
  kind: NotificationKind;
  /** One sentence the bell shows. */
  title: string;
  /** A path inside the app the notification opens. */
  link: string;
  brandId?: string | null | undefined;
  /** Everyone in the workspace, or only those who manage it (connections, stores, the team). */
  audience: 'all' | 'managers';
  /**
   * The event the notification comes from (an escalation's assistant event, a sync run): with it, the same event
   * told twice (a retried job) notifies each member once. Without it, every call notifies.
   */
  sourceKey?: string | null | undefined;
}

/**
 * Decision 045: the one way to notify. A row per member the notice concerns, written with the caller's handle
 * (pass the transaction that makes the change, so both commit or neither does), and one live event for the
 * workspace so open bells refetch. Returns how many members were notified (0 when the source was told before).
 */
export async function notify(db: Database, notice: Notice): Promise<number> {
  // Managers are the roles that may manage the team (the access policy's table, decision 030).
  const roles = notice.audience === 'managers' ? rolesAllowed('team.manage') : rolesAllowed('brand.read');
  const roleList = sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
  const brandId = notice.brandId ?? null;
  const result = (await db.execute(sql`
    with inserted as (
      insert into notifications (workspace_id, user_id, brand_id, kind, title, link, source_key)
      select m.workspace_id, m.user_id, ${brandId}::uuid, ${notice.kind}, ${notice.title}, ${notice.link},
        ${notice.sourceKey ?? null}::text
      from workspace_members m
      where m.workspace_id = ${notice.workspaceId}::uuid and m.role in (${roleList})
      on conflict (user_id, source_key) do nothing
      returning 1
    ),
    event as (
      insert into live_events (workspace_id, brand_id, topic, op)
      select ${notice.workspaceId}::uuid, ${brandId}::uuid, 'notification', 'insert'
      where exists (select 1 from inserted)
      returning id
    ),
    announced as (
      select pg_notify(${LIVE_CHANNEL}, json_build_object(
        'id', event.id, 'workspaceId', ${notice.workspaceId}::text, 'brandId', ${brandId}::text,
        'topic', 'notification', 'op', 'insert', 'entityId', null, 'conversationId', null)::text)
      from event
    )
    select (select count(*) from inserted)::int as notified, (select count(*) from announced)::int as announced
  `)) as unknown as { rows: { notified: number }[] };
  return Number(result.rows[0]?.notified ?? 0);
}

/** The workspace a brand belongs to, for callers that know only the brand. */
export async function notifyAboutBrand(
  db: Database,
  brandId: string,
  notice: Omit<Notice, 'workspaceId' | 'brandId'>,
): Promise<number> {
  const found = (await db.execute(
    sql`select workspace_id from brands where id = ${brandId}::uuid`,
  )) as unknown as { rows: { workspace_id: string | null }[] };
  const workspaceId = found.rows[0]?.workspace_id;
  if (!workspaceId) return 0;
  return notify(db, { ...notice, workspaceId, brandId });
}
