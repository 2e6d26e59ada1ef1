import { about, blog, closingCta, contact } from '#client/config/marketing.ts';
import { CtaButtons, type DemoHandlers } from './cta-buttons.tsx';
import { container, LandingSection } from './landing-section.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Where the footer's About Us (#about), Blog (#blog) and Contact (#contact) links land. */
export function AboutSection() {
  return (
    <LandingSection id={about.id} headingId="about-heading" heading={about.heading} narrow>
      {about.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 text-slate-700">
          {paragraph}
        </p>
      ))}
    </LandingSection>
  );
}

export function BlogSection() {
  return (
    <LandingSection id={blog.id} headingId="blog-heading" heading={blog.heading} shaded>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {blog.posts.map((post) => (
          <li key={post.title}>
            <article className="h-full rounded-xl bg-white p-6 shadow-sm">
              <p className="text-sm text-slate-600">
                <time dateTime={post.date}>{dateFormat.format(new Date(`${post.date}T00:00:00Z`))}</time>
              </p>
              <h3 className="mt-2 text-lg font-semibold text-slate-900">{post.title}</h3>
              <p className="mt-2 text-slate-600">{post.summary}</p>
            </article>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function ContactSection() {
  return (
    <LandingSection id={contact.id} headingId="contact-heading" heading={contact.heading} narrow>
      <p className="mt-4 text-slate-700">{contact.text}</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {contact.emails.map((email) => (
          <div key={email.address} className="rounded-lg border border-slate-200 p-4">
            <dt className="text-sm font-medium text-slate-600">{email.label}</dt>
            <dd className="mt-1 break-words">
              <a href={`mailto:${email.address}`} className="font-semibold text-brand-700 underline">
                {email.address}
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </LandingSection>
  );
}

/** Closing call to action: Start Free Trial to /signup; Schedule Demo opens the demo dialog. */
export function ClosingCtaSection(demo: DemoHandlers) {
  return (
    <section aria-labelledby="closing-heading" className="bg-brand-700 py-16 md:py-20">
      <div className={`${container} text-center`}>
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-white">
          {closingCta.headline}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-brand-50">{closingCta.text}</p>
        <CtaButtons calls={closingCta} tone="dark" className="justify-center" {...demo} />
      </div>
    </section>
  );
}
