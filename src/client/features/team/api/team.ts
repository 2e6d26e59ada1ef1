import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type {
  AuditEntry,
  CreateInvitationInput,
  Invitation,
  InvitationAccepted,
  InvitationPreview,
  InvitationSignupInput,
  PendingInvitation,
} from '#contracts/team.ts';
import type { WorkspaceMemberItem, WorkspaceRole } from '#contracts/workspaces.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { fetchPage } from '#client/lib/fetch-page.ts';
import { toastFailure, toastSuccess } from '#client/lib/mutation-toasts.ts';
import { invitationKeys, workspaceKeys } from '#client/lib/query-keys.ts';

/** Audit entries per page on the Team screen. */
const AUDIT_PAGE_SIZE = 25;

/** GET /api/workspaces/{id}/members: every member sees who else is in the workspace. */
export const useMembers = (workspaceId: string) =>
  useQuery<WorkspaceMemberItem[]>({ queryKey: workspaceKeys.members(workspaceId) });

/** GET …/invitations: open invitations, for owners and admins. */
export const useInvitations = (workspaceId: string, enabled: boolean) =>
  useQuery<PendingInvitation[]>({ queryKey: workspaceKeys.invitations(workspaceId), enabled });

/** GET …/audit-log, newest first, a page at a time. */
const auditQueryOptions = (workspaceId: string) =>
  infiniteQueryOptions({
    queryKey: workspaceKeys.auditLog(workspaceId),
    queryFn: ({ pageParam }) =>
      fetchPage<AuditEntry>(`/api/workspaces/${workspaceId}/audit-log`, {
        limit: AUDIT_PAGE_SIZE,
        cursor: pageParam,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
export const useAuditLog = (workspaceId: string, enabled: boolean) =>
  useInfiniteQuery({ ...auditQueryOptions(workspaceId), enabled });

/** A team change: whether it worked or not, the members, invitations and audit log are read again. */
function useTeamMutation<TData, TVariables>(
  workspaceId: string,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'onSettled'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.auditLog(workspaceId) }),
      ]),
  });
}

export function useChangeRole(workspaceId: string) {
  return useTeamMutation(workspaceId, {
    mutationFn: async ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
      (
        await apiRequest('PATCH', `/api/workspaces/${workspaceId}/members/${userId}`, { role })
      ).json() as Promise<WorkspaceMemberItem>,
    onSuccess: (member) => toastSuccess('Role changed', `${member.email} is now ${member.role}.`),
    onError: (error) => toastFailure(error, 'Failed to change the role.'),
  });
}

export function useRemoveMember(workspaceId: string) {
  return useTeamMutation(workspaceId, {
    mutationFn: async (member: WorkspaceMemberItem) => {
      await apiRequest('DELETE', `/api/workspaces/${workspaceId}/members/${member.userId}`);
      return member;
    },
    onSuccess: (member) => toastSuccess('Member removed', `${member.email} is no longer in this workspace.`),
    onError: (error) => toastFailure(error, 'Failed to remove the member.'),
  });
}

export function useInvite(workspaceId: string) {
  return useTeamMutation(workspaceId, {
    mutationFn: async (input: CreateInvitationInput) =>
      (
        await apiRequest('POST', `/api/workspaces/${workspaceId}/invitations`, input)
      ).json() as Promise<Invitation>,
    onSuccess: (invitation) =>
      toastSuccess('Invitation sent', `${invitation.email} can join as ${invitation.role} within 7 days.`),
  });
}

export function useResendInvitation(workspaceId: string) {
  return useTeamMutation(workspaceId, {
    mutationFn: async (invitationId: string) =>
      (
        await apiRequest('POST', `/api/workspaces/${workspaceId}/invitations/${invitationId}/resend`)
      ).json() as Promise<Invitation>,
    onSuccess: (invitation) =>
      toastSuccess(
        'Invitation sent again',
        `A new link went to ${invitation.email}; the old one no longer works.`,
      ),
    onError: (error) => toastFailure(error, 'Failed to resend the invitation.'),
  });
}

export function useRevokeInvitation(workspaceId: string) {
  return useTeamMutation(workspaceId, {
    mutationFn: async (invitation: PendingInvitation) => {
      await apiRequest('DELETE', `/api/workspaces/${workspaceId}/invitations/${invitation.id}`);
      return invitation;
    },
    onSuccess: (invitation) =>
      toastSuccess('Invitation withdrawn', `The link sent to ${invitation.email} no longer works.`),
    onError: (error) => toastFailure(error, 'Failed to withdraw the invitation.'),
  });
}

/** POST /api/invitations/preview: what the link is for (the token travels in the body, never in an address). */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: invitationKeys.preview(token),
    queryFn: async () =>
      (await apiRequest('POST', '/api/invitations/preview', { token })).json() as Promise<InvitationPreview>,
    enabled: token.length > 0,
    retry: false,
  });

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await apiRequest('POST', '/api/invitations/accept', { token })).json() as Promise<InvitationAccepted>,
  });
}

export function useSignUpWithInvitation() {
  return useMutation({
    mutationFn: async (input: InvitationSignupInput) =>
      (await apiRequest('POST', '/api/invitations/signup', input)).json() as Promise<InvitationAccepted>,
  });
}
