import type { ProfileView } from '@runpledge/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cached view of a page (one per viewer), for updates after the owner's changes. */
export const runnerProfileKey = (slug: string) => ['runner-profile', slug] as const;

export async function getRunnerProfile(slug: string): Promise<ProfileView> {
  const { profile } = await api.get<{ profile: ProfileView }>(`/api/runner-profile/${encodeURIComponent(slug)}`);
  return profile;
}

/**
 * The page as a viewer sees it. `isOwner` depends on who asks, so the cache is kept per viewer:
 * signing in or out loads the page again for the new viewer. Also used by the route's prefetch.
 */
export const runnerProfileQuery = (slug: string, viewerId: string | undefined) =>
  queryOptions({
    queryKey: [...runnerProfileKey(slug), viewerId ?? 'visitor'],
    queryFn: () => getRunnerProfile(slug),
  });
