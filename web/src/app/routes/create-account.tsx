import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function CreateAccountRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Create account" />
      <PageHeading lead="One last step before your free trial: the account that owns your page.">
        Create your account
      </PageHeading>
    </PageLayout>
  );
}
