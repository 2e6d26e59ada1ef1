import type { ReactNode } from 'react';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { useCurrentWorkspace } from '#client/features/workspaces/api/workspaces.ts';

// Its own module, not beside WithBrands: every dashboard route imports with-brands.tsx, and the workspace API
// there changed how the build splits chunks, so that the landing page loaded more JavaScript (.size-limit.js).

/** A settings screen of the current workspace (Team, Webhooks): its loading state and error state with retry. */
export function WithWorkspace({ children }: { children: (workspace: WorkspaceSummary) => ReactNode }) {
  const query = useCurrentWorkspace();
  return (
    <QueryView query={query} loading="Loading the workspace…" failed="Could not load the workspace">
      {children}
    </QueryView>
  );
}
