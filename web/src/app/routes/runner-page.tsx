import { useParams } from 'react-router';
import { RunnerPage } from '@/features/runner-page/components/runner-page';
import { DebugProfilePage } from './debug-profile';

// Spec 2: /test-{name} is the debug page with a fixed sample profile, not a runner's slug.
const DEBUG_SLUG_PREFIX = 'test-';

export default function RunnerPageRoute() {
  const { slug = '' } = useParams();
  if (slug.startsWith(DEBUG_SLUG_PREFIX)) {
    return <DebugProfilePage name={slug.slice(DEBUG_SLUG_PREFIX.length)} />;
  }
  // Keyed so moving between two runners' pages starts each one fresh (dialogs, paging).
  return <RunnerPage key={slug} slug={slug} />;
}
