import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { AutomationRule, Brand } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useChosenBrand } from '#client/hooks/use-chosen-brand.ts';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { useAutomationRules } from '#client/features/automation/api/get-automation-rules.ts';
import { CreateRuleForm } from '#client/features/automation/components/create-rule-form.tsx';
import { RuleList } from '#client/features/automation/components/rule-list.tsx';
import { BrandScreen, PageHeader, WithSomeBrands } from './with-brands.tsx';

/** What the form is doing: nothing, a new rule, or editing one. */
type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; rule: AutomationRule };

function BrandRules({
  brands,
  editor,
  setEditor,
}: {
  brands: Brand[];
  editor: Editor;
  setEditor: (editor: Editor) => void;
}) {
  const [chosen, setBrandId] = useChosenBrand(brands);
  const brandId = chosen ?? brands[0]!.id;
  const query = useAutomationRules(brandId);
  const close = () => setEditor({ mode: 'closed' });
  return (
    <BrandScreen
      brands={brands}
      brandId={brandId}
      onBrandChange={(id) => {
        setBrandId(id);
        close();
      }}
    >
      {editor.mode !== 'closed' && (
        <CreateRuleForm
          key={editor.mode === 'edit' ? editor.rule.id : 'new'}
          brandId={brandId}
          rule={editor.mode === 'edit' ? editor.rule : undefined}
          onDone={close}
        />
      )}
      <QueryView
        query={query}
        loading="Loading automation rules..."
        failed="Could not load the automation rules"
      >
        {(rules) => (
          <RuleList brandId={brandId} rules={rules} onEdit={(rule) => setEditor({ mode: 'edit', rule })} />
        )}
      </QueryView>
    </BrandScreen>
  );
}

/** Automation Rules: create, edit, toggle and delete. */
export function AutomationRoute() {
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  return (
    <>
      <PageHeader
        title="Automation Rules"
        subtitle="Decide when Voicecart AI steps in"
        action={
          <Button onClick={() => setEditor({ mode: 'create' })} aria-expanded={editor.mode === 'create'}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Create Custom Rule
          </Button>
        }
      />
      <WithSomeBrands>
        {(brands) => <BrandRules brands={brands} editor={editor} setEditor={setEditor} />}
      </WithSomeBrands>
    </>
  );
}
