import { workspaceRoles, type WorkspaceRole } from '#contracts/workspaces.ts';

/** Who holds a membership: a person, or the service principal behind an API key (decision 043). */
export type Principal = 'person' | 'api_key';

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
  /** Members' roles, removing members, invitations (decision 042). */
  'team.manage': ['owner', 'admin'],
  /** Make someone an owner, or change or remove an owner (an invitation as owner too). */
  'team.manageOwners': ['owner'],
  'apiKeys.manage': ['owner', 'admin'],
  /** Outbound webhook endpoints, their secrets and delivery logs (decision 049). */
  'webhooks.manage': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
  /** The plan and this month's usage (Billing, the sidebar footer): every member sees what the workspace used. */
  'usage.read': ['owner', 'admin', 'agent'],
  'workspace.delete': ['owner'],
  'workspace.transfer': ['owner'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type Action = keyof typeof grants;
export const actions = Object.keys(grants) as Action[];

/**
 * What only a person may do, whatever the role (decision 043): an API key acts in its workspace but never
 * changes who may act there, keys included.
 */
const peopleOnly: ReadonlySet<Action> = new Set<Action>([
  'team.manage',
  'team.manageOwners',
  'apiKeys.manage',
  'workspace.delete',
  'workspace.transfer',
]);

/** May a member with this role (undefined: not a member) do the action? A key's principal is asked as such. */
export function may(
  role: WorkspaceRole | undefined,
  action: Action,
  principal: Principal = 'person',
): boolean {
  if (principal !== 'person' && peopleOnly.has(action)) return false;
  return role !== undefined && (grants[action] as readonly WorkspaceRole[]).includes(role);
}

/** True when an API key may never do the action, whatever its role. */
export function onlyPeopleMay(action: Action): boolean {
  return peopleOnly.has(action);
}

/** The roles that may do the action, in the table's order. */
export function rolesAllowed(action: Action): readonly WorkspaceRole[] {
  return grants[action];
}

/** True when every role may: membership alone decides, and the SQL needs no role condition. */
export function everyMemberMay(action: Action): boolean {
  return workspaceRoles.every((role) => may(role, action));
}
