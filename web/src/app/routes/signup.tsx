import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function SignupRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Fundraising details" />
      <PageHeading lead="Tell supporters about your marathon, your cause and the challenges they can pick.">
        Set up your fundraising page
      </PageHeading>
    </PageLayout>
  );
}
