import { benefits, features, stats, steps, testimonials } from '#client/config/marketing.ts';
import { container, LandingSection } from './landing-section.tsx';

export function StatsSection() {
  return (
    <section aria-labelledby="stats-heading" className="border-y border-slate-200 bg-white py-12">
      <div className={container}>
        <h2 id="stats-heading" className="sr-only">
          Voicecart in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-8 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** Solution section: four benefits. */
export function BenefitsSection() {
  return (
    <LandingSection
      headingId="solution-heading"
      heading="Every question answered, every answer in stock"
      lead="Instagram buyers ask before they buy. Voicecart makes sure the answer is fast, accurate and sounds like you."
    >
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="flex gap-4 rounded-xl border border-slate-200 p-6">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <benefit.icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-1 text-slate-600">{benefit.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

/** How It Works in three steps (Connect, Automate, Convert). */
export function HowItWorksSection() {
  return (
    <LandingSection headingId="how-heading" heading="How It Works" shaded>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {steps.map((step) => (
          <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                {step.step}
              </span>
              <step.icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
            </div>
            <h3 className="mt-4 text-xl font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.description}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

/** Six feature cards under the #features anchor. */
export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      headingId="features-heading"
      heading="Features"
      lead="Everything a small team needs to sell through Instagram conversations without living in the inbox."
    >
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <li
            key={feature.title}
            data-testid="feature-card"
            className="rounded-xl border border-slate-200 p-6"
          >
            <feature.icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-600">{feature.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

/** Three testimonials, each with name, role and company. */
export function TestimonialsSection() {
  return (
    <LandingSection headingId="testimonials-heading" heading="Brands selling in their DMs" shaded>
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure
              data-testid="testimonial"
              className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm"
            >
              <blockquote className="flex-1 text-slate-700">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold text-slate-900" data-testid="testimonial-name">
                  {testimonial.name}
                </span>
                <span className="block text-sm text-slate-600">
                  <span data-testid="testimonial-role">{testimonial.role}</span>,{' '}
                  <span data-testid="testimonial-company">{testimonial.company}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
