import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { DocumentTitle } from '@/components/seo/document-title';
import { ChallengeIdeasSection } from '@/features/landing/components/challenge-ideas-section';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { PricingSection } from '@/features/landing/components/pricing-section';
import { useStravaReturn } from '@/features/landing/hooks/use-strava-return';
import { useAuth } from '@/lib/auth';

export default function LandingRoute() {
  const { user, loading } = useAuth();
  useStravaReturn({ userId: user?.id ?? null, loading });
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} className="flex-1">
        <LandingHero />
        <HowItWorks />
        <FeaturesSection />
        <PricingSection />
        <ChallengeIdeasSection />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
