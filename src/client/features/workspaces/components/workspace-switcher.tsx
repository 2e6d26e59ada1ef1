import { Select } from '#client/components/ui/select.tsx';
import { useCurrentWorkspace, useSwitchWorkspace, useWorkspaces } from '../api/workspaces.ts';

/**
 * The dashboard header's workspace switcher: shown only to someone in more than one workspace. A native select
 * (labelled, keyboard-operable as browsers make it); the choice is kept for this session by the server.
 */
export function WorkspaceSwitcher() {
  const { data: workspaces } = useWorkspaces();
  const { data: current } = useCurrentWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  if (!workspaces || workspaces.length < 2 || !current) return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="workspace-switcher" className="text-sm font-medium text-slate-700">
        Workspace
      </label>
      <Select
        id="workspace-switcher"
        value={current.id}
        disabled={switchWorkspace.isPending}
        onChange={(event) => switchWorkspace.mutate(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        options={workspaces.map((workspace) => ({ value: workspace.id, label: workspace.name }))}
      />
    </div>
  );
}
