import { DocumentTitle } from '@/components/seo/document-title';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { LandingHero } from '@/features/landing/components/landing-hero';

export default function LandingRoute() {
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
