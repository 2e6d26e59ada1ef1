import { benefits, features, stats, steps, testimonials } from '#client/config/marketing.ts';

const container = 'mx-auto max-w-6xl px-4 sm:px-6';

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
    <section aria-labelledby="solution-heading" className="py-16 md:py-20">
      <div className={container}>
        <h2 id="solution-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Every question answered, every answer in stock
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          Instagram buyers ask before they buy. Voicecart makes sure the answer is fast, accurate and sounds
          like you.
        </p>
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
      </div>
    </section>
  );
}

/** How It Works in three steps (Connect, Automate, Convert). */
export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-heading" className="bg-slate-50 py-16 md:py-20">
      <div className={container}>
        <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          How It Works
        </h2>
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
      </div>
    </section>
  );
}

/** Six feature cards under the #features anchor. */
export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 py-16 md:py-20">
      <div className={container}>
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Features
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          Everything a small team needs to sell through Instagram conversations without living in the inbox.
        </p>
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
      </div>
    </section>
  );
}

/** Three testimonials, each with name, role and company. */
export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16 md:py-20">
      <div className={container}>
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Brands selling in their DMs
        </h2>
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
      </div>
    </section>
  );
}
