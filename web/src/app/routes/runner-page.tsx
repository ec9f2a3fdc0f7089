import { useParams } from 'react-router';
import { RunnerPage } from '@/features/runner-page/components/runner-page';
import { DebugProfilePage } from './debug-profile';
import { DEBUG_SLUG_PREFIX } from './debug-slug';

export default function RunnerPageRoute() {
  const { slug = '' } = useParams();
  if (slug.startsWith(DEBUG_SLUG_PREFIX)) {
    return <DebugProfilePage name={slug.slice(DEBUG_SLUG_PREFIX.length)} />;
  }
  // Keyed so moving between two runners' pages starts each one fresh (dialogs, paging).
  return <RunnerPage key={slug} slug={slug} />;
}
