import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { TeamScreen } from '#client/features/team/components/team-screen.tsx';
import { useCurrentWorkspace } from '#client/features/workspaces/api/workspaces.ts';
import { PageHeader } from './with-brands.tsx';

/** Settings → Team: the current workspace's members, invitations and audit log (decision 042). */
export function TeamRoute() {
  const { user } = useCurrentUser();
  const workspace = useCurrentWorkspace();
  return (
    <div>
      <PageHeader
        title="Team"
        subtitle={workspace.data ? `Who works in ${workspace.data.name}, and what they may do.` : undefined}
      />
      {workspace.isPending ? (
        <LoadingState label="Loading the workspace…" />
      ) : workspace.isError ? (
        <ErrorState
          title="Could not load the workspace"
          error={workspace.error}
          onRetry={() => void workspace.refetch()}
        />
      ) : (
        <TeamScreen workspace={workspace.data} currentUserId={user?.id ?? ''} />
      )}
    </div>
  );
}
