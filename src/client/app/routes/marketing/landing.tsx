import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { publicPages } from '#client/config/pages.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';
import { HeroSection } from '#client/features/marketing/components/hero-section.tsx';
import {
  BenefitsSection,
  FeaturesSection,
  HowItWorksSection,
  StatsSection,
  TestimonialsSection,
} from '#client/features/marketing/components/landing-sections.tsx';
import {
  AboutSection,
  BlogSection,
  ClosingCtaSection,
  ContactSection,
} from '#client/features/marketing/components/company-sections.tsx';
import { SiteFooter } from '#client/features/marketing/components/site-footer.tsx';
import { SiteHeader } from '#client/features/marketing/components/site-header.tsx';
import { SkipLink } from '#client/components/layouts/skip-link.tsx';

// The demo dialog (calendar, slots, form) loads on first use, so `/` does not pay for it up front.
const loadDemoDialog = () => import('#client/features/demo/components/demo-dialog.tsx');
const DemoDialog = lazy(() => loadDemoDialog().then((module) => ({ default: module.DemoDialog })));
const prepareDemoDialog = () => void loadDemoDialog();

/** Landing page. Both Schedule Demo buttons open the same demo dialog (docs/spec-deviations.md). */
export function LandingRoute() {
  usePageMeta(publicPages.home);
  const [isDemoOpen, setDemoOpen] = useState(false);
  const [hasDemoLoaded, setDemoLoaded] = useState(false);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const openDemo = (event: MouseEvent<HTMLButtonElement>) => {
    openerRef.current = event.currentTarget;
    setDemoLoaded(true);
    setDemoOpen(true);
  };
  // The dialog has no Radix trigger (two buttons open it), so focus goes back to the button that opened it.
  const handleDemoOpenChange = (open: boolean) => {
    setDemoOpen(open);
    if (!open) setTimeout(() => openerRef.current?.focus(), 0);
  };

  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main">
        <HeroSection onScheduleDemo={openDemo} onPrepareDemo={prepareDemoDialog} />
        <StatsSection />
        <BenefitsSection />
        <HowItWorksSection />
        <FeaturesSection />
        <TestimonialsSection />
        <AboutSection />
        <BlogSection />
        <ContactSection />
        <ClosingCtaSection onScheduleDemo={openDemo} onPrepareDemo={prepareDemoDialog} />
      </main>
      <SiteFooter />
      {hasDemoLoaded ? (
        <Suspense fallback={null}>
          <DemoDialog open={isDemoOpen} onOpenChange={handleDemoOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
