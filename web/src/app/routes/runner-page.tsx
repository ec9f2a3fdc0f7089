import { SAMPLE_PAGE_SLUG_PREFIX } from '@runpledge/contracts';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { RunnerPage } from '@/features/runner-page/components/runner-page';
import { PageLoader } from '../page-loader';

// Its own chunk: the sample data never weighs on a real runner page's first load.
const SampleRunnerPage = lazy(() => import('./debug-profile'));

export default function RunnerPageRoute() {
  const { slug = '' } = useParams();
  if (slug.startsWith(SAMPLE_PAGE_SLUG_PREFIX)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SampleRunnerPage />
      </Suspense>
    );
  }
  // Keyed so moving between two runners' pages starts each one fresh (dialogs, paging).
  return <RunnerPage key={slug} slug={slug} />;
}
