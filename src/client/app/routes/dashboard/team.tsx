import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { TeamScreen } from '#client/features/team/components/team-screen.tsx';
import { useCurrentWorkspace } from '#client/features/workspaces/api/workspaces.ts';
import { PageHeader } from './with-brands.tsx';
import { WithWorkspace } from './with-workspace.tsx';

/** Settings → Team: the current workspace's members, invitations and audit log (decision 042). */
export function TeamRoute() {
  const { user } = useCurrentUser();
  // The same cached query as WithWorkspace's: the subtitle names the workspace once it is known.
  const workspace = useCurrentWorkspace();
  return (
    <div>
      <PageHeader
        title="Team"
        subtitle={workspace.data ? `Who works in ${workspace.data.name}, and what they may do.` : undefined}
      />
      <WithWorkspace>
        {(current) => <TeamScreen workspace={current} currentUserId={user?.id ?? ''} />}
      </WithWorkspace>
    </div>
  );
}
