import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { LinkButton } from '@/components/ui/link-button';
import { DocumentTitle } from '@/components/seo/document-title';
import { ChallengeClaims } from '@/features/claims/components/challenge-claims';
import { Dashboard } from '@/features/dashboard/components/dashboard';

export default function DashboardRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Dashboard" />
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <PageHeading lead="View, manage and delete the pages you have created.">Your fundraising pages</PageHeading>
        <LinkButton to="/signup" variant="outline">
          Create New Page
        </LinkButton>
      </div>
      <Dashboard />
      <ChallengeClaims />
    </PageLayout>
  );
}
