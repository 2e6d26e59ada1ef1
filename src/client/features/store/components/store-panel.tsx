import { useState } from 'react';
import type { StoreConnection } from '#contracts/catalog.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useDisconnectStore } from '../api/disconnect-store.ts';
import { useStore } from '../api/get-store.ts';
import { useSyncStore } from '../api/sync-store.ts';
import { ConnectStoreForms } from './connect-store-forms.tsx';
import { FindProductBox } from './find-product-box.tsx';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

const platformNames = { shopify: 'Shopify', woocommerce: 'WooCommerce', sample: 'Sample store' } as const;

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function syncText(connection: StoreConnection): string {
  const { sync } = connection;
  if (sync.state === 'running')
    return `Syncing: ${sync.done}${sync.total !== null ? ` of ${sync.total}` : ''} products`;
  if (sync.state === 'failed') return `Last sync failed: ${sync.error ?? 'unknown error'}`;
  if (sync.state === 'done') return 'Synced';
  return 'Waiting for the first sync';
}

function ConnectionDetails({ brandId, connection }: { brandId: string; connection: StoreConnection }) {
  const sync = useSyncStore(brandId);
  const disconnect = useDisconnectStore(brandId);
  const [confirming, setConfirming] = useState(false);
  return (
    <section
      aria-labelledby="store-connection-title"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="store-connection-title" className="text-lg font-semibold text-slate-900">
        {connection.name}{' '}
        <span className="text-sm font-normal text-slate-600">· {platformNames[connection.platform]}</span>
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="text-slate-900">Connected · {syncText(connection)}</dd>
        </div>
        {connection.storeAddress && (
          <div>
            <dt className="text-slate-600">Store</dt>
            <dd className="break-all text-slate-900">{connection.storeAddress}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">Catalog</dt>
          <dd className="text-slate-900">
            {connection.productCount} products, {connection.variantCount} variants ({connection.currency})
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Last sync</dt>
          <dd className="text-slate-900">{formatTime(connection.sync.lastSyncAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Last webhook</dt>
          <dd className="text-slate-900">{formatTime(connection.lastWebhookAt)}</dd>
        </div>
      </dl>
      {connection.sync.state === 'running' && connection.sync.total ? (
        <progress
          className="mt-4 w-full"
          aria-label="Sync progress"
          max={connection.sync.total}
          value={connection.sync.done}
        />
      ) : null}
      {(sync.isError || disconnect.isError) && (
        <ErrorBox className="mt-4">
          {getServerMessage(sync.error ?? disconnect.error) ?? 'The server did not answer'}
        </ErrorBox>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => sync.mutate()}
          disabled={sync.isPending || connection.sync.state === 'running'}
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${connection.name}?`}
        description={`The connection and the catalog copied from it (${connection.productCount} products) are removed.`}
        confirmLabel={disconnect.isPending ? 'Disconnecting…' : 'Yes, disconnect and remove the catalog'}
        isPending={disconnect.isPending}
        // A refusal is shown with the panel's other errors, once the dialog is closed.
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}

/** One brand's store: its connection (or the connect forms) and the Find a product box. */
export function StorePanel({ brandId }: { brandId: string }) {
  const query = useStore(brandId);
  return (
    <QueryView
      query={query}
      loading="Loading the store connection..."
      failed="Could not load the store connection"
    >
      {({ connection }) => (
        <div className="flex flex-col gap-6">
          {connection ? (
            <ConnectionDetails brandId={brandId} connection={connection} />
          ) : (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              No store connected yet
            </p>
          )}
          {connection && <FindProductBox brandId={brandId} />}
          <section
            aria-labelledby="connect-store-title"
            className="rounded-xl border border-slate-200 bg-white p-6"
          >
            <h2 id="connect-store-title" className="mb-4 text-lg font-semibold text-slate-900">
              {connection ? 'Connect another store instead' : 'Connect a store'}
            </h2>
            <ConnectStoreForms brandId={brandId} replacing={Boolean(connection)} />
          </section>
        </div>
      )}
    </QueryView>
  );
}
