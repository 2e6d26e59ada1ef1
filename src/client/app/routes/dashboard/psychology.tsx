import { Link } from 'wouter';
import type { AssistantSettings } from '#contracts/assistant.ts';
import type { Brand, BrandPersonality as Personality } from '#contracts/dashboard.ts';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { paths } from '#contracts/paths.ts';
import { useChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { useAssistantSettings } from '#client/features/psychology/api/get-assistant-settings.ts';
import { usePersonality } from '#client/features/psychology/api/get-personality.ts';
import { PersonalityForm } from '#client/features/psychology/components/personality-form.tsx';
import { TryAssistantPanel } from '#client/features/psychology/components/try-assistant-panel.tsx';
import { confirmLeavingPersonality } from '#client/features/psychology/components/unsaved-changes.ts';
import { usePsychologyForm } from '#client/features/psychology/hooks/use-psychology-form.ts';
import { BrandScreen, PageHeader, WithSomeBrands } from './with-brands.tsx';

function BrandPersonality({ brands }: { brands: Brand[] }) {
  const [brandId, setBrandId] = useChosenBrand(brands);
  const brand = brands.find((candidate) => candidate.id === brandId);
  const personality = usePersonality(brandId);
  const settings = useAssistantSettings(brandId);
  return (
    <BrandScreen
      brands={brands}
      brandId={brandId}
      onBrandChange={(id) => confirmLeavingPersonality() && setBrandId(id)}
    >
      {brand && !brand.shopifyConnected && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {brand.name} has no store connected, so buyers will hear that nothing is in stock.{' '}
          <Link href={paths.dashboard.shopify} className="font-medium underline">
            Connect a store or use the sample store
          </Link>
          .
        </p>
      )}
      {personality.isError ? (
        <ErrorState
          title="Could not load the brand personality"
          error={personality.error}
          onRetry={() => void personality.refetch()}
        />
      ) : settings.isError ? (
        <ErrorState
          title="Could not load the assistant settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : personality.isPending || settings.isPending ? (
        <LoadingState label="Loading the brand personality..." />
      ) : (
        <PersonalityWithPlayground
          key={brandId}
          brandId={brandId!}
          personality={personality.data}
          settings={settings.data}
        />
      )}
    </BrandScreen>
  );
}

/** The form and, beside it, the assistant playground: both read the one form state, saved or not. */
function PersonalityWithPlayground({
  brandId,
  personality,
  settings,
}: {
  brandId: string;
  personality: Personality;
  settings: AssistantSettings;
}) {
  const form = usePsychologyForm(personality, settings);
  // On a wide screen the playground sits beside the form, so a change and its effect are seen together.
  return (
    <div className="grid gap-4 xl:grid-cols-2 xl:items-start">
      <PersonalityForm form={form} />
      <div className="xl:sticky xl:top-4">
        <TryAssistantPanel brandId={brandId} values={form.values} />
      </div>
    </div>
  );
}

/** Psychology Settings. */
export function PsychologyRoute() {
  return (
    <>
      <PageHeader title="Psychology Settings" subtitle="Shape how Voicecart AI speaks for each brand" />
      <WithSomeBrands>{(brands) => <BrandPersonality brands={brands} />}</WithSomeBrands>
    </>
  );
}
