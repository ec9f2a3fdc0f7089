import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function AuthConfirmRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Confirm e-mail" />
      <PageHeading lead="We are checking your confirmation link.">Confirming your e-mail</PageHeading>
    </PageLayout>
  );
}
