import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

export default function PaymentRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Start your free trial" />
      <PageHeading lead="30 days free, then $5/month. Cancel anytime.">Start your free trial</PageHeading>
    </PageLayout>
  );
}
