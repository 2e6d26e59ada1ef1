import { hero } from '#client/config/marketing.ts';

/** The landing page. The public-site issue fills in every section of spec §2. */
export function LandingRoute() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-24">
      <h1 className="text-4xl font-bold text-slate-900">{hero.headline}</h1>
      <p className="mt-4 text-lg text-slate-600">{hero.subheadline}</p>
    </main>
  );
}
