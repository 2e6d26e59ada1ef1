import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Brand } from '#contracts/dashboard.ts';
import { BrandSelect } from '#client/components/brand-select.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState, LoadingState } from '#client/components/ui/query-state.tsx';
import { useAutomationRules } from '#client/features/automation/api/get-automation-rules.ts';
import { CreateRuleForm } from '#client/features/automation/components/create-rule-form.tsx';
import { RuleList } from '#client/features/automation/components/rule-list.tsx';
import { NoBrands, PageHeader, WithBrands } from './with-brands.tsx';

function BrandRules({ brands }: { brands: Brand[] }) {
  const [brandId, setBrandId] = useState(brands[0]?.id);
  const query = useAutomationRules(brandId);
  return (
    <div className="flex flex-col gap-4">
      <div className="max-w-xs">
        <BrandSelect brands={brands} value={brandId} onChange={setBrandId} />
      </div>
      {query.isPending ? (
        <LoadingState label="Loading automation rules..." />
      ) : query.isError ? (
        <ErrorState
          title="Could not load the automation rules"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <RuleList rules={query.data} />
      )}
    </div>
  );
}

/** spec §2 Automation Rules. */
export function AutomationRoute() {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <PageHeader
        title="Automation Rules"
        subtitle="Decide when Voicecart AI steps in"
        action={
          <Button onClick={() => setIsCreating(true)} aria-expanded={isCreating}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Custom Rule
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {isCreating && <CreateRuleForm onCancel={() => setIsCreating(false)} />}
        <WithBrands>
          {(brands) => (brands.length === 0 ? <NoBrands /> : <BrandRules brands={brands} />)}
        </WithBrands>
      </div>
    </>
  );
}
