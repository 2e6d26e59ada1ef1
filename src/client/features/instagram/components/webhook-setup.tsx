import { useId } from 'react';
import type { InstagramSettings } from '#contracts/instagram.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

type OperatorSettings = NonNullable<InstagramSettings['operator']>;

/**
 * For administrators: what to paste into Meta's App Dashboard (Webhooks → Instagram), the callback URL and the
 * verify token, and what the server still lacks.
 */
export function WebhookSetup({ settings }: { settings: OperatorSettings }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Webhook settings for Meta’s dashboard
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Paste these into your app’s Webhooks settings (Instagram product), then subscribe to the messages and
        comments fields.
      </p>
      {!settings.webhooksConfigured && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          The server is missing INSTAGRAM_APP_SECRET or INSTAGRAM_VERIFY_TOKEN: Instagram cannot deliver
          messages yet.
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-callback`}>Callback URL</Label>
          <Input
            id={`${id}-callback`}
            readOnly
            value={settings.callbackUrl}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-verify`}>Verify token</Label>
          <Input
            id={`${id}-verify`}
            readOnly
            value={settings.verifyToken ?? 'Not set (INSTAGRAM_VERIFY_TOKEN)'}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      </div>
    </section>
  );
}
