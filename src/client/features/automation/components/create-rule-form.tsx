import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';

const fieldClass = 'rounded-md border border-slate-300 bg-white px-2 py-2 text-sm';

/** spec §2 Automation Rules: the 'Create Custom Rule' form. Save Rule is not wired yet (spec); Cancel closes it. */
export function CreateRuleForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(event) => event.preventDefault()}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Create Custom Rule
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
          Rule Name
        </label>
        <input id={`${id}-name`} className={fieldClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-trigger`} className="text-sm font-medium text-slate-800">
          Trigger Condition
        </label>
        <input id={`${id}-trigger`} className={fieldClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-action`} className="text-sm font-medium text-slate-800">
          Action to Perform
        </label>
        <input id={`${id}-action`} className={fieldClass} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button>Save Rule</Button>
      </div>
    </form>
  );
}
