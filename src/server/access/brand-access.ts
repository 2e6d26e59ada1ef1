import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { WorkspaceRole } from '#contracts/workspaces.ts';
import type { Database } from '#server/db/client.ts';
import {
  automationRules,
  brands,
  comments,
  conversations,
  users,
  workspaceMembers,
} from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { isUuid } from '#server/ids.ts';
import { everyMemberMay, may, onlyPeopleMay, rolesAllowed, type Action, type Principal } from './policy.ts';

/**
 * The access policy's database side (decision 030). A caller reaches a brand, and everything under it, only
 * through a membership of the brand's workspace, and does only what `may` grants that membership's role.
 *
 * Two ways to ask, one answer:
 * - `memberMay(...)`/`memberMayOnBrand(...)`: a SQL condition to put INTO the statement that reads or writes,
 *   so the check costs no query of its own and a refused write changes nothing. When the statement comes back
 *   empty, `refusal(...)` tells 404 (cannot see) from 403 (can see, may not) with one more read.
 * - `authorize(...)`: one read that answers the member's role on a target, then `may`; 404 or 403 otherwise.
 */

/** What a request acts on: a brand, or a row that names its brand. */
export type AccessTarget =
  { brandId: string } | { conversationId: string } | { commentId: string } | { ruleId: string };

export interface Access {
  brandId: string;
  workspaceId: string;
  role: WorkspaceRole;
  /** A person, or an API key's principal (decision 043). */
  principal: Principal;
}

const quoted = (roles: readonly string[]) => sql.raw(roles.map((role) => `'${role}'`).join(', '));

/**
 * "The user is a member of this workspace whose role may do the action", as a SQL condition. `userId` and
 * `workspaceId` may be values, columns or placeholders.
 */
export function memberMay(userId: unknown, action: Action, workspaceId: unknown): SQL {
  const roleCondition = everyMemberMay(action)
    ? sql``
    : sql` and ${workspaceMembers.role} in (${quoted(rolesAllowed(action))})`;
  // What only people may do leaves out API keys' principals (decision 043); other actions need no join.
  const personCondition = onlyPeopleMay(action)
    ? sql` and exists (select 1 from ${users} where ${users.id} = ${workspaceMembers.userId}
      and ${users.kind} = 'person')`
    : sql``;
  return sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId}
    and ${workspaceMembers.userId} = ${userId}${roleCondition}${personCondition})`;
}

/** The same for the workspace of a brand given by id (a value or a placeholder). */
export function memberMayOnBrand(userId: unknown, action: Action, brandId: unknown): SQL {
  return sql`exists (select 1 from ${brands} where ${brands.id} = ${brandId}
    and ${memberMay(userId, action, brands.workspaceId)})`;
}

const notFoundMessage = (target: AccessTarget) =>
  'brandId' in target
    ? 'Brand not found'
    : 'conversationId' in target
      ? 'Conversation not found'
      : 'commentId' in target
        ? 'Comment not found'
        : 'Automation rule not found';

/** The 404 for a target the caller cannot see, worded like a missing one (for a statement that came back empty). */
export const notFound = (target: AccessTarget) => new AppError('NOT_FOUND', notFoundMessage(target));

const forbidden = (action: Action) =>
  new AppError('FORBIDDEN', `Your role in this workspace does not allow this (${action}).`);

/** The id a target names, whichever kind it is. */
const targetId = (target: AccessTarget) =>
  'brandId' in target
    ? target.brandId
    : 'conversationId' in target
      ? target.conversationId
      : 'commentId' in target
        ? target.commentId
        : target.ruleId;

/**
 * The caller's membership on the target's brand; undefined when the target is missing or not theirs. A malformed
 * id (from a URL or a buyer's message) names nothing: missing, without asking the database to cast it.
 */
export async function findAccess(
  db: Database,
  userId: string,
  target: AccessTarget,
): Promise<Access | undefined> {
  if (!isUuid(targetId(target))) return undefined;
  const base = db
    .select({
      brandId: brands.id,
      workspaceId: brands.workspaceId,
      role: workspaceMembers.role,
      principal: users.kind,
    })
    .from(brands)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, brands.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .innerJoin(users, eq(users.id, workspaceMembers.userId));
  let rows;
  if ('brandId' in target) {
    rows = await base.where(eq(brands.id, target.brandId)).limit(1);
  } else if ('conversationId' in target) {
    rows = await base
      .innerJoin(conversations, eq(conversations.brandId, brands.id))
      .where(eq(conversations.id, target.conversationId))
      .limit(1);
  } else if ('commentId' in target) {
    rows = await base
      .innerJoin(comments, eq(comments.brandId, brands.id))
      .where(eq(comments.id, target.commentId))
      .limit(1);
  } else {
    rows = await base
      .innerJoin(automationRules, eq(automationRules.brandId, brands.id))
      .where(eq(automationRules.id, target.ruleId))
      .limit(1);
  }
  return rows[0];
}

/** 404 when the caller cannot see the target, 403 when they can but their role may not do the action. */
export async function authorize(
  db: Database,
  userId: string,
  action: Action,
  target: AccessTarget,
): Promise<Access> {
  const access = await findAccess(db, userId, target);
  if (!access) throw notFound(target);
  if (!may(access.role, action, access.principal)) throw forbidden(action);
  return access;
}

/**
 * Why a statement guarded by `memberMay` touched nothing: the error to answer (404 or 403), or undefined when
 * the caller may do the action after all (the row changed under the statement; the caller decides).
 */
export async function refusal(
  db: Database,
  userId: string,
  action: Action,
  target: AccessTarget,
): Promise<AppError | undefined> {
  const access = await findAccess(db, userId, target);
  if (!access) return notFound(target);
  if (!may(access.role, action, access.principal)) return forbidden(action);
  return undefined;
}

/** The caller's role in a workspace and whether they are a person or an API key's principal. */
async function findWorkspaceMembership(
  db: Database,
  userId: string,
  workspaceId: string,
): Promise<{ role: WorkspaceRole; principal: Principal } | undefined> {
  const [row] = await db
    .select({ role: workspaceMembers.role, principal: users.kind })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row;
}

/** For actions on the workspace itself (creating a brand, the team): 404 for a non-member, 403 for a role. */
export async function authorizeWorkspace(
  db: Database,
  userId: string,
  action: Action,
  workspaceId: string,
): Promise<WorkspaceRole> {
  const membership = isUuid(workspaceId) ? await findWorkspaceMembership(db, userId, workspaceId) : undefined;
  if (!membership) throw new AppError('NOT_FOUND', 'Workspace not found');
  if (!may(membership.role, action, membership.principal)) throw forbidden(action);
  return membership.role;
}
