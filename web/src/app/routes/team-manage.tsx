import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { TeamManage } from '@/features/teams/components/team-manage';

/** `/teams/{slug}/manage`: the captain's panel. */
export default function TeamManageRoute() {
  const { slug = '' } = useParams();
  return (
    <PageLayout>
      <DocumentTitle title="Manage team" />
      <div className="mx-auto max-w-3xl">
        <PageHeading lead="Requests, members, the invite link and the team’s details.">Manage team</PageHeading>
        <div className="mt-8">
          <TeamManage key={slug} slug={slug} />
        </div>
      </div>
    </PageLayout>
  );
}
