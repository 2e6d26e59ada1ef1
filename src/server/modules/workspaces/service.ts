import { and, asc, eq, sql } from 'drizzle-orm';
import type { WorkspaceMemberItem, WorkspaceSummary } from '#contracts/workspaces.ts';
import { authorizeWorkspace } from '#server/access/brand-access.ts';
import type { Database } from '#server/db/client.ts';
import { users, workspaceMembers, workspaces } from '#server/db/schema/index.ts';

/** Workspaces and their members (decision 030). Every answer is the caller's own: 404 outside their workspaces. */
export function createWorkspaceService({ db }: { db: Database }) {
  return {
    /** The caller's workspaces with their role in each; the personal one first, then by name. */
    async listWorkspaces(userId: string): Promise<WorkspaceSummary[]> {
      return db
        .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(sqlPersonalLast(userId)), asc(workspaces.name), asc(workspaces.id));
    },

    /** Every member may see who else is in the workspace: its people (API keys have their own list). */
    async listMembers(userId: string, workspaceId: string): Promise<WorkspaceMemberItem[]> {
      await authorizeWorkspace(db, userId, 'brand.read', workspaceId);
      return db
        .select({ userId: users.id, email: users.email, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.kind, 'person')))
        .orderBy(asc(workspaceMembers.createdAt), asc(users.email));
    },

    /** The workspace when the caller is a member (404 otherwise), to make it the session's current one. */
    async requireMembership(userId: string, workspaceId: string): Promise<WorkspaceSummary> {
      const role = await authorizeWorkspace(db, userId, 'brand.read', workspaceId);
      const [row] = await db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaces)
        .where(and(eq(workspaces.id, workspaceId)));
      return { id: row!.id, name: row!.name, role };
    },
  };
}

/** 0 for the caller's personal workspace, 1 for the others: it sorts first. */
function sqlPersonalLast(userId: string) {
  return sql<number>`case when ${workspaces.personalFor} = ${userId} then 0 else 1 end`;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
