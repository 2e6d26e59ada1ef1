import { z } from './zod.ts';

/** A member's role in a workspace (decision 030): owner, admin, or agent (the inbox and the playground). */
export const workspaceRoles = ['owner', 'admin', 'agent'] as const;
export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** The header that picks another workspace the caller belongs to, for one request. */
export const workspaceHeader = 'x-workspace-id';

export const workspaceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: workspaceRoleSchema,
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
export const workspaceListSchema = z.array(workspaceSummarySchema);

export const workspaceIdParamsSchema = z.object({ workspaceId: z.uuid() });

export const workspaceMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
});
export type WorkspaceMemberItem = z.infer<typeof workspaceMemberSchema>;
export const workspaceMemberListSchema = z.array(workspaceMemberSchema);

/** Choose the session's current workspace. */
export const currentWorkspaceInputSchema = z.object({ workspaceId: z.uuid() });
