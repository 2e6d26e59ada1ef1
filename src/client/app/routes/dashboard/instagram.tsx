import { useSearch } from 'wouter';
import type { Brand } from '#contracts/dashboard.ts';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { useInstagramSettings } from '#client/features/instagram/api/get-instagram-settings.ts';
import { ConnectionCard } from '#client/features/instagram/components/connection-card.tsx';
import { WebhookSetup } from '#client/features/instagram/components/webhook-setup.tsx';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';
import { ErrorBox } from '#client/components/ui/error-box.tsx';

/** The message the OAuth callback sends back in the query string. */
function CallbackMessage({ brands }: { brands: Brand[] }) {
  const params = new URLSearchParams(useSearch());
  const outcome = params.get('instagram');
  if (outcome === 'connected') {
    const brand = brands.find((b) => b.id === params.get('brandId'));
    return (
      <p
        role="status"
        className="mb-4 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-950"
      >
        Instagram is connected{brand ? ` for ${brand.name}` : ''}.
      </p>
    );
  }
  if (outcome === 'error') {
    return (
      <ErrorBox className="mb-4">
        Instagram was not connected: {params.get('message') ?? 'something went wrong.'}
      </ErrorBox>
    );
  }
  return null;
}

function InstagramConnections({ brands }: { brands: Brand[] }) {
  const query = useInstagramSettings();
  return (
    <QueryView
      query={query}
      loading="Loading the Instagram settings…"
      failed="Could not load the Instagram settings"
    >
      {(settings) => (
        <div className="flex flex-col gap-6">
          <CallbackMessage brands={brands} />
          {brands.length === 0 ? (
            <NoBrands />
          ) : (
            brands.map((brand) => (
              <ConnectionCard key={brand.id} brand={brand} oauthAvailable={settings.oauthAvailable} />
            ))
          )}
          {settings.operator && <WebhookSetup settings={settings.operator} />}
        </div>
      )}
    </QueryView>
  );
}

/** Each brand's Instagram account; for administrators, the webhook settings to paste into Meta's dashboard. */
export function InstagramRoute() {
  return (
    <>
      <PageHeader
        title="Instagram"
        subtitle="Connect each brand’s Instagram account so Voicecart can answer its DMs and comments"
      />
      <WithBrands>{(brands) => <InstagramConnections brands={brands} />}</WithBrands>
    </>
  );
}
