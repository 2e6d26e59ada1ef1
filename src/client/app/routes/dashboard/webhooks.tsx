import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { useCurrentWorkspace } from '#client/features/workspaces/api/workspaces.ts';
import { WebhookSettings } from '#client/features/webhooks/components/webhook-settings.tsx';
import { PageHeader } from './with-brands.tsx';

/** Settings → Webhooks: the current workspace's outbound webhooks (decision 049). */
export function WebhooksRoute() {
  const workspace = useCurrentWorkspace();
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Send this workspace's events to your own systems, signed with each endpoint's secret."
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
        <WebhookSettings workspace={workspace.data} />
      )}
    </>
  );
}
