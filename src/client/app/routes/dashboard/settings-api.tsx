import { Link } from 'wouter';
import { openApiPath } from '#contracts/openapi.ts';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { paths } from '#contracts/paths.ts';
import { ApiKeysPanel } from '#client/features/api-keys/components/api-keys-panel.tsx';
import { ApiReference } from '#client/features/api-keys/components/api-reference.tsx';
import { useCurrentWorkspace } from '#client/features/workspaces/api/workspaces.ts';
import { PageHeader } from './with-brands.tsx';

/** API Keys (the sidebar's Settings link): the current workspace's keys, for its owners and admins. */
export function SettingsApiRoute() {
  const workspace = useCurrentWorkspace();
  return (
    <>
      <PageHeader
        title="API Keys"
        subtitle="Call the Voicecart API from your own tools with a key of this workspace."
      />
      <div className="flex flex-col gap-6">
        <QueryView
          query={workspace}
          loading="Loading your workspace..."
          failed="Could not load your workspace"
        >
          {(current) =>
            current.role === 'agent' ? (
              <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
                Only the workspace&apos;s owners and admins manage API keys.
              </p>
            ) : (
              <ApiKeysPanel workspaceId={current.id} workspaceName={current.name} />
            )
          }
        </QueryView>
        <section
          aria-labelledby="api-usage"
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="api-usage" className="text-lg font-semibold text-slate-900">
            Using a key
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Send the key in the Authorization header; it acts in this workspace with its role, like a member
            would.
          </p>
          <pre className="mt-3 whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 text-xs text-slate-100">
            <code>{`curl -H "Authorization: Bearer vc_…" ${typeof window === 'undefined' ? '' : window.location.origin}/api/brands`}</code>
          </pre>
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link
              href={paths.dashboard.settingsApiReference}
              className="font-medium text-brand-700 underline"
            >
              API reference
            </Link>
            <a href={openApiPath} className="font-medium text-brand-700 underline">
              OpenAPI document (JSON)
            </a>
          </p>
        </section>
      </div>
    </>
  );
}

/** The API reference page, linked from API Keys. */
export function SettingsApiReferenceRoute() {
  return (
    <>
      <PageHeader title="API Reference" subtitle="Every route of the Voicecart API." />
      <p className="mb-4 text-sm">
        <Link href={paths.dashboard.settingsApi} className="font-medium text-brand-700 underline">
          Back to API Keys
        </Link>
      </p>
      <ApiReference />
    </>
  );
}
