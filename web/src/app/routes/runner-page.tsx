import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { DebugProfilePage } from './debug-profile';

// Spec 2: /test-{name} is the debug page with a fixed sample profile, not a runner's slug.
const DEBUG_SLUG_PREFIX = 'test-';

export default function RunnerPageRoute() {
  const { slug = '' } = useParams();
  if (slug.startsWith(DEBUG_SLUG_PREFIX)) {
    return <DebugProfilePage name={slug.slice(DEBUG_SLUG_PREFIX.length)} />;
  }
  return (
    <PageLayout>
      <DocumentTitle title={slug} />
      <PageHeading lead="Training progress, fundraising challenges and ways to support this runner.">
        Runner page <span className="break-all text-muted-foreground">/{slug}</span>
      </PageHeading>
    </PageLayout>
  );
}
