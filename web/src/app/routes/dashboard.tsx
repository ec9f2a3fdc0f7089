import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { LinkButton } from '@/components/ui/link-button';
import { DocumentTitle } from '@/components/seo/document-title';
import { ChallengeClaims } from '@/features/claims/components/challenge-claims';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { useRecentProfiles } from '@/features/dashboard/api/get-recent-profiles';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { StravaStatus } from '@/features/fitness/components/strava-status';
import { PageInsightsPanel } from '@/features/insights/components/page-insights-panel';
import { PageTeam } from '@/features/teams';
import { PledgePanels } from '@/features/pledges/components/pledge-panels';
import { RaceDayPanels } from '@/features/race-day/components/race-day-panel';

export default function DashboardRoute() {
  const pages = useRecentProfiles();
  return (
    <PageLayout>
      <DocumentTitle title="Dashboard" />
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <PageHeading lead="View, manage and delete the pages you have created.">Your fundraising pages</PageHeading>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/teams/new" variant="outline">
            Start a team
          </LinkButton>
          <LinkButton to="/charities/new" variant="outline">
            Start a charity page
          </LinkButton>
          <LinkButton to="/signup" variant="outline">
            Create New Page
          </LinkButton>
        </div>
      </div>
      <section
        aria-labelledby="subscription-title"
        id="subscription"
        className="mb-8 rounded-xl border border-border bg-white p-5 shadow-card sm:p-6"
      >
        <h2
          id="subscription-title"
          className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          Your subscription
        </h2>
        <SubscriptionPanel />
      </section>
      <Dashboard
        cardExtras={(profile) => (
          <>
            <StravaStatus profileId={profile.id} slug={profile.urlSlug} />
            <PageTeam profile={profile} />
            <PageInsightsPanel profile={profile} />
          </>
        )}
      />
      <RaceDayPanels pages={pages.data} />
      <PledgePanels pages={pages.data} />
      <ChallengeClaims />
    </PageLayout>
  );
}
