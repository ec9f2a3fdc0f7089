import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';

export default function AuthConfirmRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Confirm e-mail" />
      <ConfirmEmail />
    </PageLayout>
  );
}
