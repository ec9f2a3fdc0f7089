import { MAIN_CONTENT_ID } from '@/components/layouts/skip-link';
import { DocumentTitle } from '@/components/seo/document-title';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
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
      </main>
      <LandingFooter />
    </div>
  );
}
