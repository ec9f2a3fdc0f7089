import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function DashboardRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Dashboard" />
      <PageHeading lead="View, manage and delete the pages you have created.">Your fundraising pages</PageHeading>
    </PageLayout>
  );
}
