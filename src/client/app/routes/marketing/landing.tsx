import { lazy, Suspense, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { hero } from '#client/config/marketing.ts';

// The dialog (calendar, form) loads only when someone opens it.
const DemoDialog = lazy(() => import('#client/features/demo/components/demo-dialog.tsx'));

/** The landing page. The public-site issue fills in every section of spec §2. */
export function LandingRoute() {
  const [isDemoOpen, setIsDemoOpen] = useState(false);
  return (
    <main className="mx-auto max-w-4xl px-4 py-24">
      <h1 className="text-4xl font-bold text-slate-900">{hero.headline}</h1>
      <p className="mt-4 text-lg text-slate-600">{hero.subheadline}</p>
      {/* spec §2 Hero: Schedule Demo opens the demo dialog. */}
      <Button type="button" variant="outline" className="mt-8" onClick={() => setIsDemoOpen(true)}>
        {hero.secondaryCta.label}
      </Button>
      {isDemoOpen ? (
        <Suspense fallback={null}>
          <DemoDialog open={isDemoOpen} onOpenChange={setIsDemoOpen} />
        </Suspense>
      ) : null}
    </main>
  );
}
