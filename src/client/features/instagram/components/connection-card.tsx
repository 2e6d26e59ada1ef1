import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Brand } from '#contracts/dashboard.ts';
import {
  connectInstagramInputSchema,
  type ConnectInstagramInput,
  type InstagramConnection,
} from '#contracts/instagram.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { RequestProblem } from '#client/components/ui/form-message.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { fieldMessage } from '#client/lib/field-message.ts';
import { useConnectInstagram } from '../api/connect-instagram.ts';
import { useDisconnectInstagram } from '../api/disconnect-instagram.ts';
import { useInstagramConnection } from '../api/get-instagram-connection.ts';

const formatTime = (iso: string | null, empty: string) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : empty;

const statusLabel: Record<
  InstagramConnection['status'],
  { text: string; tone: 'success' | 'warning' | 'neutral' }
> = {
  connected: { text: 'Connected', tone: 'success' },
  needs_reconnect: { text: 'Needs reconnect', tone: 'warning' },
  not_connected: { text: 'Not connected', tone: 'neutral' },
};

/** A token generated in Meta's app dashboard, for accounts added there. */
function ManualTokenForm({ brand }: { brand: Brand }) {
  const connect = useConnectInstagram(brand.id);
  const form = useForm<ConnectInstagramInput>({
    resolver: zodResolver(connectInstagramInputSchema),
    defaultValues: { accountId: '', accessToken: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((input) => connect.mutate(input, { onSuccess: () => form.reset() }));

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-3"
      aria-label={`Token from Meta’s dashboard for ${brand.name}`}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <FormField
          label="Instagram account ID"
          error={fieldMessage('Instagram account ID', errors.accountId?.message)}
        >
          <Input inputMode="numeric" autoComplete="off" {...form.register('accountId')} />
        </FormField>
        <FormField label="Access token" error={fieldMessage('Access token', errors.accessToken?.message)}>
          <Input type="password" autoComplete="off" {...form.register('accessToken')} />
        </FormField>
      </div>
      <RequestProblem request={connect} fallback="The token could not be saved." inline />
      <div>
        <Button type="submit" variant="outline" disabled={connect.isPending}>
          {connect.isPending ? 'Checking the token…' : 'Save token'}
        </Button>
      </div>
    </form>
  );
}

function ConnectionDetails({
  brand,
  connection,
  oauthAvailable,
}: {
  brand: Brand;
  connection: InstagramConnection;
  oauthAvailable: boolean;
}) {
  const disconnect = useDisconnectInstagram(brand.id);
  // The demo's stand-in is labelled as such: its messages never reach Instagram.
  const status =
    connection.sample && connection.status === 'connected'
      ? { text: 'Sample account', tone: 'neutral' as const }
      : statusLabel[connection.status];
  return (
    <div className="flex flex-col gap-4">
      {connection.sample && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          This is the demo’s sample account: replies are recorded here and nothing is sent to Instagram.
          Simulate a buyer message on the Conversations screen; connecting your own account replaces it.
        </p>
      )}
      {connection.status === 'needs_reconnect' && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p className="font-medium">Reconnect @{connection.username} to keep answering messages.</p>
          <p>Instagram no longer accepts this account’s token, so nothing is sent for {brand.name}.</p>
          {connection.statusReason && (
            <p className="mt-1 text-amber-900">Instagram said: {connection.statusReason}</p>
          )}
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd>
            <Badge tone={status.tone}>{status.text}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Account</dt>
          <dd className="text-slate-900">
            {connection.username ? `@${connection.username} (${connection.accountId})` : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Token expires</dt>
          <dd className="text-slate-900">
            {connection.status === 'not_connected'
              ? '—'
              : formatTime(connection.tokenExpiresAt, 'Not told by Instagram (refreshed every 50 days)')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Last webhook received</dt>
          <dd className="text-slate-900">{formatTime(connection.lastWebhookAt, 'None yet')}</dd>
        </div>
      </dl>
      {!oauthAvailable && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          Connecting in one click with Instagram is not switched on for this Voicecart server yet. Ask whoever
          runs it to set it up, or connect now with an access token from Meta’s app dashboard (below).
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {oauthAvailable && (
          <Button asChild>
            <a href={`/api/instagram/connect?brandId=${encodeURIComponent(brand.id)}`}>
              {connection.status === 'not_connected' ? 'Connect with Instagram' : 'Reconnect with Instagram'}
            </a>
          </Button>
        )}
        {connection.status !== 'not_connected' && (
          <Button variant="destructive" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
            {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        )}
      </div>
      <RequestProblem request={disconnect} fallback="Could not disconnect." inline />
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Use a token from Meta’s app dashboard
        </summary>
        <div className="mt-3">
          <ManualTokenForm brand={brand} />
        </div>
      </details>
    </div>
  );
}

/** One brand's Instagram connection. */
export function ConnectionCard({ brand, oauthAvailable }: { brand: Brand; oauthAvailable: boolean }) {
  const query = useInstagramConnection(brand.id);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {brand.name} <span className="text-sm font-normal text-slate-600">@{brand.username}</span>
      </h2>
      <QueryView
        query={query}
        loading={`Loading the Instagram connection of ${brand.name}…`}
        failed={`Could not load the Instagram connection of ${brand.name}`}
      >
        {(connection) => (
          <ConnectionDetails brand={brand} connection={connection} oauthAvailable={oauthAvailable} />
        )}
      </QueryView>
    </section>
  );
}
