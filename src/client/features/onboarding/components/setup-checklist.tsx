import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'wouter';
import type { SetupStep } from '#contracts/dashboard.ts';
import { paths } from '#contracts/paths.ts';
import { cn } from '#client/lib/cn.ts';
import { useSetupChecklist } from '../api/get-setup-checklist.ts';

/** Each step: what to do, where it is done, and what it means (the server ticks it from stored state). */
const stepCopy: Record<SetupStep, { title: string; href: string; detail: string }> = {
  brand: {
    title: 'Create a brand',
    href: paths.dashboard.brands,
    detail: 'A brand is one Instagram account with its own voice and store.',
  },
  instagram: {
    title: 'Connect Instagram',
    href: paths.dashboard.instagram,
    detail: 'The assistant answers the DMs and comments of the account you connect.',
  },
  store: {
    title: 'Connect a store, or use the sample store',
    href: paths.dashboard.shopify,
    detail: 'Stock, prices and checkout links come from the store, never from a guess.',
  },
  voice: {
    title: "Set the brand's voice",
    href: paths.dashboard.psychology,
    detail: 'Archetype, tone and example replies: how the assistant sounds.',
  },
  assistant: {
    title: 'Try the assistant',
    href: paths.dashboard.conversations,
    detail: 'Simulate a buyer message on the sample account, or DM your account on Instagram.',
  },
  active: {
    title: 'Turn the brand on',
    href: paths.dashboard.brands,
    detail: 'A paused brand stores messages but the assistant stays silent.',
  },
};

/** The Overview's first-run checklist, shown until every step is done. */
export function SetupChecklist() {
  const { data } = useSetupChecklist();
  if (!data || data.complete) return null;
  const doneCount = data.steps.filter((step) => step.done).length;
  return (
    <section
      aria-labelledby="setup-checklist-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-title" className="text-lg font-semibold text-slate-900">
          Finish setting up
        </h2>
        <p className="text-sm text-slate-600" data-testid="setup-progress">
          {doneCount} of {data.steps.length} done
        </p>
      </div>
      <ol className="mt-3 flex flex-col divide-y divide-slate-100">
        {data.steps.map((step) => {
          const copy = stepCopy[step.id];
          const detail =
            step.id === 'instagram' && step.done && data.sampleInstagram
              ? 'The sample account stands in for now: connecting your own account replaces it.'
              : copy.detail;
          return (
            <li key={step.id} data-testid="setup-step" data-done={step.done} className="flex gap-3 py-3">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
              )}
              <div className="min-w-0">
                <Link
                  href={copy.href}
                  className={cn(
                    'inline-flex min-h-11 items-center font-medium underline-offset-2 hover:underline',
                    step.done ? 'text-slate-600 line-through' : 'text-brand-700',
                  )}
                >
                  <span className="sr-only">{step.done ? 'Done: ' : 'To do: '}</span>
                  {copy.title}
                </Link>
                <p className="text-sm text-slate-600">{detail}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
