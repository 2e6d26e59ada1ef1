import { ArrowLeft, Mail } from 'lucide-react';
import { dataDeletion, privacyPolicy, termsOfService, type LegalDocument } from '#client/config/legal.ts';
import { paths } from '#contracts/paths.ts';
import { Logo } from './logo.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * The legal pages. The texts are data (config/legal.ts); this file is only layout. Loaded as its own
 * chunk, so the landing page does not carry the policy texts.
 */
function LegalShell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <BackToHome />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {children}
      </main>
      <SiteFooter anchorBase="/" />
    </>
  );
}

function BackToHome() {
  return (
    <a
      href={paths.home}
      className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Home
    </a>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const formatUpdated = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

/** A legal page's title, the day it was last updated and its opening paragraph. */
function LegalHeading({ page }: { page: { title: string; updated: string; intro: string } }) {
  return (
    <>
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{page.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Last updated <time dateTime={page.updated}>{formatUpdated(page.updated)}</time>
      </p>
      <p className="mt-6 max-w-3xl text-slate-700">{page.intro}</p>
    </>
  );
}

function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  return (
    <LegalShell>
      <LegalHeading page={doc} />
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Sections" className="lg:sticky lg:top-6 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">On this page</h2>
          <ol className="mt-3 space-y-1 border-l border-slate-200">
            {doc.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-slate-600 hover:border-brand-600 hover:text-slate-900"
                >
                  {`${index + 1}. ${section.title}`}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          {doc.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              data-testid="legal-section"
              className="scroll-mt-6 border-b border-slate-100 py-6 first:pt-0 last:border-b-0"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
                {`${index + 1}. ${section.title}`}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      </div>
      <div className="mt-10">
        <BackToHome />
      </div>
    </LegalShell>
  );
}

export function PrivacyPolicyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}

export function TermsOfServicePage() {
  return <LegalDocumentView document={termsOfService} />;
}

/** Three option cards (email, revoke in Instagram, automatic after inactivity) and an FAQ. */
export function DataDeletionPage() {
  return (
    <LegalShell>
      <LegalHeading page={dataDeletion} />
      <section aria-labelledby="options-heading" className="mt-10">
        <h2 id="options-heading" className="text-2xl font-bold text-slate-900">
          Your options
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {dataDeletion.options.map((option) => (
            <li
              key={option.id}
              id={option.id}
              data-testid="deletion-option"
              className="flex flex-col rounded-xl border border-slate-200 p-6"
            >
              <h3 className="text-lg font-semibold text-slate-900">{option.title}</h3>
              <p className="mt-2 text-slate-700">{option.description}</p>
              {option.steps ? (
                <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700">
                  {option.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              ) : null}
              {option.action ? (
                <a
                  href={option.action.href}
                  className="mt-4 inline-flex min-h-11 items-center gap-2 self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {option.action.label}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq-heading" className="mt-14 max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <dl className="mt-6 divide-y divide-slate-200">
          {dataDeletion.faq.map((item) => (
            <div key={item.question} data-testid="faq-item" className="py-5">
              <dt className="font-semibold text-slate-900">{item.question}</dt>
              <dd className="mt-2 text-slate-700">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="mt-10">
        <BackToHome />
      </div>
    </LegalShell>
  );
}
