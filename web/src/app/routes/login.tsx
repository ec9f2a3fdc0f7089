import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function LoginRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Sign in" />
      <PageHeading lead="Sign in to manage your fundraising pages, or create an account to start one.">
        Sign in to RunPledge
      </PageHeading>
    </PageLayout>
  );
}
