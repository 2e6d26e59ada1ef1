import { useState } from 'react';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints.ts';
import { CreateEndpointForm } from './create-endpoint-form.tsx';
import { EndpointCard } from './endpoint-card.tsx';

/** The Webhooks screen for one workspace: its endpoints and the form to add one (owners and admins). */
export function WebhookSettings({ workspace }: { workspace: WorkspaceSummary }) {
  if (workspace.role === 'agent')
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        Only the workspace’s owners and admins manage its webhooks.
      </p>
    );
  return <Endpoints workspaceId={workspace.id} />;
}

function Endpoints({ workspaceId }: { workspaceId: string }) {
  const endpoints = useWebhookEndpoints(workspaceId);
  // The secret of the endpoint just created, shown once on its card.
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  return (
    <div className="space-y-6">
      <CreateEndpointForm
        workspaceId={workspaceId}
        onCreated={(endpoint) => setCreated({ id: endpoint.id, secret: endpoint.secret })}
      />
      <section aria-labelledby="webhook-endpoints-title" className="space-y-3">
        <h2 id="webhook-endpoints-title" className="text-lg font-semibold text-slate-900">
          Endpoints
        </h2>
        <QueryView query={endpoints} loading="Loading endpoints…" failed="Could not load the endpoints">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-600">No endpoints yet.</p>
            ) : (
              <ul className="space-y-3">
                {list.map((endpoint) => (
                  <EndpointCard
                    key={endpoint.id}
                    workspaceId={workspaceId}
                    endpoint={endpoint}
                    secret={created?.id === endpoint.id ? created.secret : undefined}
                    onSecretDismissed={() => setCreated(null)}
                  />
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
    </div>
  );
}
