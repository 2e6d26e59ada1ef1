import { sql } from 'drizzle-orm';
import type { AuditAction } from '#contracts/team.ts';
import type { Database } from '#server/db/client.ts';
import { auditLog, brands, users } from '#server/db/schema/index.ts';

/**
 * The audit log's one writer (decision 042). It lives beside the access policy because every module that does a
 * sensitive action records it here, and modules may import `access` but not one another. Call it with the
 * transaction that makes the change when there is one, so the change and its record commit together.
 */
export interface AuditRecord {
  /** The workspace, or the brand whose workspace it is (read in the same statement). */
  workspaceId?: string;
  brandId?: string;
  actorUserId: string | null;
  action: AuditAction;
  /** What the action was done to, in words a person reads (an email, a brand's name, a store's name). */
  target?: string | null;
  detail?: Record<string, unknown>;
  /** The client address of the request (`request.ip`, which honours TRUST_PROXY). */
  ip?: string | null;
}

/** One insert; the actor's email is copied in, so the log still says who after the account is gone. */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  const workspace = record.workspaceId
    ? sql`${record.workspaceId}::uuid`
    : sql`(select ${brands.workspaceId} from ${brands} where ${brands.id} = ${record.brandId ?? null}::uuid)`;
  const actorEmail = record.actorUserId
    ? sql`(select ${users.email} from ${users} where ${users.id} = ${record.actorUserId}::uuid)`
    : sql`null`;
  await db.execute(sql`
    insert into ${auditLog} (workspace_id, actor_user_id, actor_email, action, target, detail, ip_address)
    select ws, ${record.actorUserId}::uuid, ${actorEmail}, ${record.action}, ${record.target ?? null},
      ${JSON.stringify(record.detail ?? {})}::jsonb, ${record.ip ?? null}
    from (select ${workspace} as ws) as target_workspace
    where ws is not null`);
}
