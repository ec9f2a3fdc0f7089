import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { NewTeam } from '@/features/teams/components/new-team';

/** `/teams/new`: start a team with one of your pages as its captain. */
export default function NewTeamRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Start a team" />
      <div className="mx-auto max-w-2xl">
        <PageHeading lead="Raise together for one charity: your team gets its own page with everyone’s totals and miles.">
          Start a team
        </PageHeading>
        <div className="mt-8">
          <NewTeam />
        </div>
      </div>
    </PageLayout>
  );
}
