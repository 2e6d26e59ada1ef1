import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { connectStoreInputSchema, type ConnectStoreInput, type StorePlatform } from '#contracts/catalog.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { getServerMessage } from '#client/lib/api-client.ts';
import { fieldMessage } from '#client/lib/field-message.ts';
import { useConnectStore } from '../api/connect-store.ts';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

const platformLabels: Record<StorePlatform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  sample: 'Sample store',
};

const fieldLabels = {
  shopDomain: 'Shop domain',
  accessToken: 'Admin API access token',
  storeUrl: 'Store address',
  consumerKey: 'Consumer key',
  consumerSecret: 'Consumer secret',
} as const;

/** Connect forms for each platform and the sample store. The server tests before saving. */
export function ConnectStoreForms({ brandId, replacing }: { brandId: string; replacing: boolean }) {
  const connect = useConnectStore(brandId);
  const form = useForm<ConnectStoreInput>({
    resolver: zodResolver(connectStoreInputSchema),
    // A platform's fields leave the values when another platform is chosen: the schema takes only the chosen one's.
    shouldUnregister: true,
    defaultValues: { platform: 'shopify' },
  });
  const { errors } = form.formState;
  const platform = form.watch('platform');
  const errorOf = (name: keyof typeof fieldLabels) =>
    fieldMessage(fieldLabels[name], (errors as Partial<Record<string, { message?: string }>>)[name]?.message);
  const field = (
    name: keyof typeof fieldLabels,
    props: ComponentProps<'input'> = {},
    description?: string,
  ) => (
    <FormField label={fieldLabels[name]} description={description} error={errorOf(name)}>
      <Input autoComplete="off" {...props} {...form.register(name)} />
    </FormField>
  );

  const handleSubmit = form.handleSubmit((input) => connect.mutate(input));
  // "Install with Shopify": the browser goes through Shopify's OAuth pages and comes back here.
  const handleInstall = async () => {
    if (!(await form.trigger('shopDomain'))) return;
    window.location.assign(
      `/api/brands/${brandId}/store/shopify/install?${new URLSearchParams({ shop: form.getValues('shopDomain').trim() })}`,
    );
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Connect a store"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium text-slate-800">Platform</legend>
        {(Object.keys(platformLabels) as StorePlatform[]).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" value={option} {...form.register('platform')} />
            {platformLabels[option]}
          </label>
        ))}
      </fieldset>
      {platform === 'shopify' && (
        <>
          {field('shopDomain', { placeholder: 'your-shop.myshopify.com' })}
          {field(
            'accessToken',
            { type: 'password' },
            'From a custom app with read_products, read_inventory and read_orders. Stored encrypted, never shown again.',
          )}
        </>
      )}
      {platform === 'woocommerce' && (
        <>
          {field('storeUrl', { type: 'url', placeholder: 'https://shop.example' })}
          {field('consumerKey', { placeholder: 'ck_…' })}
          {field(
            'consumerSecret',
            { type: 'password' },
            'A Read/Write key lets Voicecart register its product webhooks. Stored encrypted.',
          )}
        </>
      )}
      {platform === 'sample' && (
        <p className="text-sm text-slate-700">
          A made-up shop of clothes, beauty and outdoor gear shipped with Voicecart, clearly labelled “Sample
          store”. Try the assistant with nothing to connect.
        </p>
      )}
      {connect.isError && (
        <ErrorBox>
          Could not connect: {getServerMessage(connect.error) ?? 'the server did not answer'}
        </ErrorBox>
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
          <Button variant="outline" className="ml-2" onClick={() => void handleInstall()}>
            Install with Shopify instead
          </Button>
        )}
      </div>
    </form>
  );
}
