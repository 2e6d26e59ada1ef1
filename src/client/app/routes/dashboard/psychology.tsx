import { useState } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { BrandSelect } from '#client/components/brand-select.tsx';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { usePersonality } from '#client/features/psychology/api/get-personality.ts';
import { PersonalityForm } from '#client/features/psychology/components/personality-form.tsx';
import {
  TryAssistantPanel,
  usePersonalityDraft,
} from '#client/features/psychology/components/try-assistant-panel.tsx';
import type { BrandPersonality as Personality } from '#contracts/dashboard.ts';
import { confirmLeavingPersonality } from '#client/features/psychology/components/unsaved-changes.ts';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';

function BrandPersonality({ brands }: { brands: Brand[] }) {
  const [brandId, setBrandId] = useState(brands[0]?.id);
  const query = usePersonality(brandId);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <BrandSelect
          brands={brands}
          value={brandId}
          onChange={(id) => confirmLeavingPersonality() && setBrandId(id)}
        />
      </div>
      {query.isPending ? (
        <LoadingState label="Loading the brand personality..." />
      ) : query.isError ? (
        <ErrorState
          title="Could not load the brand personality"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PersonalityWithPlayground key={brandId} brandId={brandId!} personality={query.data} />
      )}
    </div>
  );
}

/** The form and, beside it, issue 11's playground reading the form's unsaved values. */
function PersonalityWithPlayground({ brandId, personality }: { brandId: string; personality: Personality }) {
  const { draft, handleFormChange } = usePersonalityDraft(personality);
  return (
    <>
      <div onChange={handleFormChange}>
        <PersonalityForm personality={personality} />
      </div>
      <TryAssistantPanel brandId={brandId} personality={draft} />
    </>
  );
}

/** spec §2 Psychology Settings. */
export function PsychologyRoute() {
  return (
    <>
      <PageHeader title="Psychology Settings" subtitle="Shape how Voicecart AI speaks for each brand" />
      <WithBrands>
        {(brands) => (brands.length === 0 ? <NoBrands /> : <BrandPersonality brands={brands} />)}
      </WithBrands>
    </>
  );
}
