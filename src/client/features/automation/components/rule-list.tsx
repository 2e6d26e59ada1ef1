import { FlaskConical, Pencil, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { findHiddenRules, orderRules } from '#contracts/automation.ts';
import type { AutomationRule } from '#contracts/dashboard.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/cn.ts';
import { useTestRule } from '../api/rule-helpers.ts';
import { useDeleteRule, useUpdateRule } from '../api/rule-mutations.ts';

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** "Test this rule": a comment or DM typed here goes through the brand's rules; nothing is sent. */
function RuleTester({ rule }: { rule: AutomationRule }) {
  const id = useId();
  const [text, setText] = useState('');
  const test = useTestRule(rule.id);
  const isComment = rule.triggerConfig.type === 'comment_keyword';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate({ text });
  };
  const result = test.data;
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2 rounded-md bg-slate-50 p-3" noValidate>
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
        {isComment
          ? `A test comment${rule.triggerConfig.type === 'comment_keyword' && rule.triggerConfig.mediaId ? ` on post ${rule.triggerConfig.mediaId}` : ''}`
          : 'A test message'}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-text`}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={test.isPending}>
          {test.isPending ? 'Testing...' : 'Run test'}
        </Button>
      </div>
      <div aria-live="polite" data-testid="rule-test-result" className="text-sm text-slate-800">
        {test.isError && (
          <p className="text-red-700">
            {getServerMessage(test.error) ?? 'The test did not run. Please try again.'}
          </p>
        )}
        {result && (
          <>
            <p className="font-medium">
              {result.fired
                ? 'This rule applies.'
                : result.appliedRule
                  ? `This rule does not apply: "${result.appliedRule.name}" is tried first and applies instead.`
                  : 'No rule applies to this text.'}
            </p>
            {result.reply ? (
              <p className="mt-1 whitespace-pre-wrap break-words">
                <span className="font-medium">The buyer would get: </span>
                {result.reply}
              </p>
            ) : (
              <p className="mt-1">Nothing would be sent.</p>
            )}
          </>
        )}
      </div>
    </form>
  );
}

/** One of a rule's icon-only buttons (Test, Edit, Delete): `label` is its name for screen readers. */
function RuleAction({
  label,
  icon: Icon,
  iconClassName = 'h-4 w-4',
  ...button
}: { label: string; icon: LucideIcon; iconClassName?: string } & ComponentProps<'button'>) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} {...button}>
      <Icon aria-hidden="true" className={iconClassName} />
    </Button>
  );
}

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
  const [testing, setTesting] = useState<string | null>(null);
  if (rules.length === 0) return <p className="text-sm text-slate-600">No automation rules yet</p>;
  // The list reads in the order the assistant tries the rules (the API lists them oldest first).
  const ordered = orderRules(rules);
  const hiddenBy = findHiddenRules(rules);
  const nameOf = (ruleId: string) => rules.find((rule) => rule.id === ruleId)?.name ?? '';
  let position = 0;
  return (
    <>
      <p className="text-sm text-slate-700">
        Rules are tried from the top; the first one that matches applies. Switched-off rules are skipped.
      </p>
      <ol className="flex flex-col gap-3">
        {ordered.map((rule) => (
          <li
            key={rule.id}
            data-testid="rule"
            className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="min-w-0 flex-1">
              <p
                className="text-xs font-medium uppercase tracking-wide text-slate-600"
                data-testid="rule-order"
              >
                {rule.active ? `Tried ${ordinal((position += 1))}` : 'Off: not tried'}
              </p>
              <h2 className="font-semibold text-slate-900">{rule.name}</h2>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-medium">Trigger: </span>
                {rule.trigger}
              </p>
              <p className="text-sm text-slate-700">
                <span className="font-medium">Action: </span>
                {rule.action}
              </p>
              {rule.firedLast30Days !== undefined && (
                <p className="mt-1 text-sm text-slate-600" data-testid="rule-fired">
                  {rule.firedLast30Days === 0
                    ? 'Not fired in the last 30 days'
                    : `Fired ${rule.firedLast30Days} ${rule.firedLast30Days === 1 ? 'time' : 'times'} in the last 30 days`}
                </p>
              )}
              {hiddenBy[rule.id] && (
                <p className="mt-2 flex items-start gap-1 text-sm text-amber-900" role="note">
                  <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {`This rule never applies: "${nameOf(hiddenBy[rule.id]!)}" is tried first and catches everything it would.`}
                </p>
              )}
              {testing === rule.id && <RuleTester rule={rule} />}
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
              <RuleAction
                label={`Test ${rule.name}`}
                icon={FlaskConical}
                aria-expanded={testing === rule.id}
                onClick={() => setTesting(testing === rule.id ? null : rule.id)}
              />
              <RuleAction label={`Edit ${rule.name}`} icon={Pencil} onClick={() => onEdit(rule)} />
              <RuleAction
                label={`Delete ${rule.name}`}
                icon={Trash2}
                iconClassName="h-4 w-4 text-red-700"
                onClick={() => setDeleting(rule)}
              />
            </div>
          </li>
        ))}
      </ol>
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
