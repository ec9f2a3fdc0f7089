import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';

/** The sample runner page shown at /test-{name}, for checking the page without real data. */
export function DebugProfilePage({ name }: { name: string }) {
  return (
    <PageLayout>
      <DocumentTitle title={`Sample page: ${name}`} />
      <PageHeading lead="A fixed sample profile, for checking the runner page without real data.">
        Sample runner page <span className="break-all text-muted-foreground">({name})</span>
      </PageHeading>
    </PageLayout>
  );
}
