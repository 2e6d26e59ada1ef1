import { Check } from 'lucide-react';
import { hero } from '#client/config/marketing.ts';
import { CtaButtons, type DemoHandlers } from './cta-buttons.tsx';

/** The landing claims and the hero: Start Free Trial to /api/login, Schedule Demo opens the demo dialog. */
export function HeroSection(demo: DemoHandlers) {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pb-16 pt-14 sm:px-6 md:pt-20">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{hero.eyebrow}</p>
        <h1
          id="hero-heading"
          className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
        >
          {hero.headline}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">{hero.subheadline}</p>
        <CtaButtons calls={hero} tone="light" {...demo} />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {hero.claims.map((claim) => (
            <li key={claim.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="flex items-start gap-2 font-semibold text-slate-900">
                <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
                {claim.title}
              </p>
              <p className="mt-2 text-sm text-slate-600">{claim.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
