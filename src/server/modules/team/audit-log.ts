import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '#contracts/team.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import type { RetentionRule } from '#server/db/batched-delete.ts';
import { AppError } from '#server/errors.ts';

/** The cursor is the last row's time and id, base64url: opaque to the client, exact for ties. */
const encodeCursor = (createdAt: string, id: string) =>
  Buffer.from(`${createdAt}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !createdAt ||
    !id ||
    Number.isNaN(Date.parse(createdAt)) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  ) {
    throw new AppError(
      'BAD_REQUEST',
      'Invalid query: cursor: must be a cursor from the X-Next-Cursor header',
      [{ path: 'cursor', message: 'must be a cursor from the X-Next-Cursor header' }],
    );
  }
  return { createdAt, id };
}

/**
 * The Team screen's audit log (decision 042): owners and admins (`audit.read`), newest first, keyset-paged along
 * `audit_log_workspace_idx`.
 */
export async function listAuditLog(
  db: Database,
  userId: string,
  workspaceId: string,
  query: AuditQuery,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  await authorizeWorkspace(db, userId, 'audit.read', workspaceId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const result = (await db.execute(sql`
    select id, action, target, detail, actor_email, ip_address,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
    from audit_log
    where workspace_id = ${workspaceId}::uuid
      ${after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    order by created_at desc, id desc
    limit ${query.limit + 1}::int`)) as unknown as {
    rows: {
      id: string;
      action: string;
      target: string | null;
      detail: Record<string, unknown> | string;
      actor_email: string | null;
      ip_address: string | null;
      created_at: string;
    }[];
  };
  const rows = result.rows.slice(0, query.limit);
  const items = rows.map((row) => ({
    id: row.id,
    action: row.action,
    target: row.target,
    detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, unknown>) : row.detail,
    actorEmail: row.actor_email,
    ipAddress: row.ip_address,
    createdAt: row.created_at,
  }));
  const last = rows.at(-1);
  return {
    items,
    nextCursor: result.rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

/** The prune-old-rows job's part: entries older than `auditRetentionDays` (a year) go, oldest first along `audit_log_created_idx`. */
export const auditLogRetention: RetentionRule = { table: 'audit_log', column: 'created_at' };
