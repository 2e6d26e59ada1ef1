import { useId, useState, type FormEvent } from 'react';
import type { ConnectStoreInput, StorePlatform } from '#contracts/catalog.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { useConnectStore } from '../api/connect-store.ts';

const platformLabels: Record<StorePlatform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  sample: 'Sample store',
};

function Field({
  label,
  name,
  type = 'text',
  hint,
  placeholder,
}: {
  label: string;
  name: string;
  type?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        required
        autoComplete="off"
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Connect forms for each platform and the sample store. The server tests before saving. */
export function ConnectStoreForms({ brandId, replacing }: { brandId: string; replacing: boolean }) {
  const [platform, setPlatform] = useState<StorePlatform>('shopify');
  const connect = useConnectStore(brandId);
  const groupName = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    // "Install with Shopify": the browser goes through Shopify's OAuth pages and comes back here.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'oauth') {
      if (!value('shopDomain')) return;
      window.location.assign(
        `/api/brands/${brandId}/store/shopify/install?${new URLSearchParams({ shop: value('shopDomain') })}`,
      );
      return;
    }
    const input: ConnectStoreInput =
      platform === 'shopify'
        ? { platform, shopDomain: value('shopDomain'), accessToken: value('accessToken') }
        : platform === 'woocommerce'
          ? {
              platform,
              storeUrl: value('storeUrl'),
              consumerKey: value('consumerKey'),
              consumerSecret: value('consumerSecret'),
            }
          : { platform: 'sample' };
    connect.mutate(input);
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Connect a store">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium text-slate-800">Platform</legend>
        {(Object.keys(platformLabels) as StorePlatform[]).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={groupName}
              value={option}
              checked={platform === option}
              onChange={() => setPlatform(option)}
            />
            {platformLabels[option]}
          </label>
        ))}
      </fieldset>
      {platform === 'shopify' && (
        <>
          <Field label="Shop domain" name="shopDomain" placeholder="your-shop.myshopify.com" />
          <Field
            label="Admin API access token"
            name="accessToken"
            type="password"
            hint="From a custom app with read_products, read_inventory and read_orders. Stored encrypted, never shown again."
          />
        </>
      )}
      {platform === 'woocommerce' && (
        <>
          <Field label="Store address" name="storeUrl" type="url" placeholder="https://shop.example" />
          <Field label="Consumer key" name="consumerKey" placeholder="ck_…" />
          <Field
            label="Consumer secret"
            name="consumerSecret"
            type="password"
            hint="A Read/Write key lets Voicecart register its product webhooks. Stored encrypted."
          />
        </>
      )}
      {platform === 'sample' && (
        <p className="text-sm text-slate-700">
          A made-up shop of clothes, beauty and outdoor gear shipped with Voicecart, clearly labelled “Sample
          store”. Try the assistant with nothing to connect.
        </p>
      )}
      {connect.isError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Could not connect: {getServerMessage(connect.error) ?? 'the server did not answer'}
        </p>
      )}
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending
            ? 'Connecting…'
            : replacing
              ? `Replace with ${platformLabels[platform]}`
              : `Connect ${platformLabels[platform]}`}
        </Button>
        {platform === 'shopify' && (
          <Button type="submit" variant="outline" value="oauth" formNoValidate className="ml-2">
            Install with Shopify instead
          </Button>
        )}
      </div>
    </form>
  );
}
