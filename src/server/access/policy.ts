import { workspaceRoles, type WorkspaceRole } from '#contracts/workspaces.ts';

/**
 * Everything a member can be allowed to do, and which roles may (decision 030). This table is the one answer to
 * "may this member do this?": the SQL conditions in `brand-access.ts` are built from it, so a route never
 * decides on its own.
 */
const grants = {
  /** See a brand and everything under it: inbox, comments, personality, rules, store and Instagram status. */
  'brand.read': ['owner', 'admin', 'agent'],
  /** Reply, escalate, resolve, hand back to the assistant, draft a reply, answer a comment. */
  'inbox.reply': ['owner', 'admin', 'agent'],
  /** The assistant playground. */
  'playground.use': ['owner', 'admin', 'agent'],
  'brand.create': ['owner', 'admin'],
  'brand.update': ['owner', 'admin'],
  'brand.delete': ['owner', 'admin'],
  /** Store credentials, sync. */
  'store.manage': ['owner', 'admin'],
  /** Instagram credentials. */
  'instagram.manage': ['owner', 'admin'],
  /** Automation rules, personality and the assistant's settings. */
  'assistant.configure': ['owner', 'admin'],
  'team.manage': ['owner', 'admin'],
  'apiKeys.manage': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  /** The plan and this month's usage (Billing, the sidebar footer): every member sees what the workspace used. */
  'usage.read': ['owner', 'admin', 'agent'],
  'workspace.delete': ['owner'],
  'workspace.transfer': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Action = keyof typeof grants;
export const actions = Object.keys(grants) as Action[];

/** May a member with this role (undefined: not a member) do the action? */
export function may(role: WorkspaceRole | undefined, action: Action): boolean {
  return role !== undefined && (grants[action] as readonly WorkspaceRole[]).includes(role);
}

/** The roles that may do the action, in the table's order. */
export function rolesAllowed(action: Action): readonly WorkspaceRole[] {
  return grants[action];
}

/** True when every role may: membership alone decides, and the SQL needs no role condition. */
export function everyMemberMay(action: Action): boolean {
  return workspaceRoles.every((role) => may(role, action));
}
