import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { CharityForm } from '@/features/charities/components/charity-form';

/** `/charities/new`: a charity's page on RunPledge, with the signed-in person as its first admin. */
export default function NewCharityRoute() {
  return (
    <PageLayout>
      <DocumentTitle title="Start a charity page" />
      <div className="mx-auto max-w-2xl">
        <PageHeading lead="See and support every runner raising for you in one place, whichever donation platform they use.">
          Start a charity page
        </PageHeading>
        <div className="mt-8">
          <CharityForm />
        </div>
      </div>
    </PageLayout>
  );
}
