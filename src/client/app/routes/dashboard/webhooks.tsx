import { WebhookSettings } from '#client/features/webhooks/components/webhook-settings.tsx';
import { PageHeader } from './with-brands.tsx';
import { WithWorkspace } from './with-workspace.tsx';

/** Settings → Webhooks: the current workspace's outbound webhooks (decision 049). */
export function WebhooksRoute() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Send this workspace's events to your own systems, signed with each endpoint's secret."
      />
      <WithWorkspace>{(workspace) => <WebhookSettings workspace={workspace} />}</WithWorkspace>
    </>
  );
}
