import { DocumentTitle } from '@/components/seo/document-title';
import { useSessionUser } from '@/features/landing/api/get-session-user';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { useStravaReturn } from '@/features/landing/hooks/use-strava-return';

export default function LandingRoute() {
  const session = useSessionUser();
  useStravaReturn({ userId: session.data?.id ?? null, loading: session.isPending });
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle />
      <LandingHeader />
      <main className="flex-1">
        <LandingHero />
      </main>
      <LandingFooter />
    </div>
  );
}
