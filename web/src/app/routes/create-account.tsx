import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { CreateAccount } from '@/features/signup/components/create-account';

export default function CreateAccountRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Create account" />
      <CreateAccount />
    </PageLayout>
  );
}
