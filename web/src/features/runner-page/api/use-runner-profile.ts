import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { runnerProfileQuery } from './get-runner-profile';

/**
 * The page as the current viewer sees it. Apart from get-runner-profile, which the router's
 * prefetch puts in the app's entry chunk: this hook (and the query observer it brings) loads with
 * the pages that show a runner page, not with every page.
 */
export function useRunnerProfile(slug: string) {
  const { user } = useAuth();
  return useQuery(runnerProfileQuery(slug, user?.id));
}
