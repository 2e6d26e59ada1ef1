import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { workspaceKeys } from '#client/lib/query-keys.ts';

/** GET /api/workspaces: the caller's workspaces with their role in each. */
export function useWorkspaces() {
  const { user } = useCurrentUser();
  return useQuery<WorkspaceSummary[]>({ queryKey: workspaceKeys.all, enabled: Boolean(user?.verified) });
}

/** GET /api/session/workspace: the workspace this session works in. */
export function useCurrentWorkspace() {
  const { user } = useCurrentUser();
  return useQuery<WorkspaceSummary>({ queryKey: workspaceKeys.current, enabled: Boolean(user?.verified) });
}

/** PUT /api/session/workspace; every screen's data then belongs to another workspace, so all of it is refetched. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (workspaceId: string) =>
      (
        await apiRequest('PUT', '/api/session/workspace', { workspaceId })
      ).json() as Promise<WorkspaceSummary>,
    onSuccess: async (workspace) => {
      queryClient.setQueryData(workspaceKeys.current, workspace);
      await queryClient.invalidateQueries();
    },
    onError: (error) => toastFailure(error, 'Could not switch workspace.'),
  });
}
