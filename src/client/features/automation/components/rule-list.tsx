import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDeleteRule, useUpdateRule } from '../api/rule-mutations.ts';

/** Automation Rules: each rule with its toggle (saves at once), Edit, and delete (asks first). */
export function RuleList({
  brandId,
  rules,
  onEdit,
}: {
  brandId: string;
  rules: AutomationRule[];
  onEdit: (rule: AutomationRule) => void;
}) {
  const update = useUpdateRule(brandId);
  const remove = useDeleteRule(brandId);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  if (rules.length === 0) return <p className="text-sm text-slate-600">No automation rules yet</p>;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {rules.map((rule) => (
          <li
            key={rule.id}
            data-testid="rule"
            className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-slate-900">{rule.name}</h2>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-medium">Trigger: </span>
                {rule.trigger}
              </p>
              <p className="text-sm text-slate-700">
                <span className="font-medium">Action: </span>
                {rule.action}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <button
                type="button"
                role="switch"
                aria-checked={rule.active}
                aria-label={`${rule.name} active`}
                onClick={() => update.mutate({ ruleId: rule.id, input: { active: !rule.active } })}
                className={cn(
                  'relative inline-flex h-6 w-11 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  rule.active ? 'bg-brand-600' : 'bg-slate-400',
                )}
              >
                <span
                  className={cn(
                    'inline-block h-5 w-5 rounded-full bg-white transition-transform',
                    rule.active ? 'translate-x-5' : 'translate-x-0.5',
                  )}
                />
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Edit ${rule.name}`}
                onClick={() => onEdit(rule)}
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${rule.name}`}
                onClick={() => setDeleting(rule)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this rule?"
        description={deleting ? `"${deleting.name}" stops at once and cannot be restored.` : ''}
        confirmLabel="Delete Rule"
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}
