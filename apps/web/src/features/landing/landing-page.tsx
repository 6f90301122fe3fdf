import { CapabilitiesSection } from './components/capabilities-section';
import { ClosingCallToAction } from './components/closing-call-to-action';
import { HeroSection } from './components/hero-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { WaysToCreateSection } from './components/ways-to-create-section';

/** The public landing page at `/` (spec 000 sections 1 and 2.6). */
export function LandingPage() {
  return (
    <>
      <title>ReelCraft · Create videos with AI</title>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-zinc-900 focus:shadow-lg"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection />
        <WaysToCreateSection />
        <CapabilitiesSection />
        <ClosingCallToAction />
      </main>
      <LandingFooter />
    </>
  );
}
