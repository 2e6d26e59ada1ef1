import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/mutation-toasts.ts';
import { useVerifiedQuery } from '#client/hooks/use-verified-query.ts';
import { workspaceKeys } from '#client/lib/query-keys.ts';

/** GET /api/workspaces: the caller's workspaces with their role in each. */
export const useWorkspaces = () => useVerifiedQuery<WorkspaceSummary[]>({ queryKey: workspaceKeys.all });

/** GET /api/session/workspace: the workspace this session works in. */
export const useCurrentWorkspace = () =>
  useVerifiedQuery<WorkspaceSummary>({ queryKey: workspaceKeys.current });

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
