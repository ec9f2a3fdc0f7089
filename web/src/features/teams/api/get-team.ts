import type { TeamPageResponse, TeamRanking } from '@runpledge/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Every cached view of a team (per ranking, page and viewer), for updates after a change. */
export const teamKey = (slug: string) => ['team', slug] as const;

export function getTeam(slug: string, by: TeamRanking = 'raised', page = 1): Promise<TeamPageResponse> {
  const query = new URLSearchParams({ by, page: String(page) });
  return api.get<TeamPageResponse>(`/api/teams/${encodeURIComponent(slug)}?${query}`);
}

/** `isCaptain` depends on who asks, so the cache is kept per viewer. */
export const teamQuery = (slug: string, viewerId: string | undefined, by: TeamRanking = 'raised', page = 1) =>
  queryOptions({
    queryKey: [...teamKey(slug), viewerId ?? 'visitor', by, page],
    queryFn: () => getTeam(slug, by, page),
  });

/** The team as the current viewer sees it; the previous ranking stays shown while the next one loads. */
export function useTeam(slug: string, by: TeamRanking = 'raised', page = 1) {
  const { user } = useAuth();
  return useQuery({ ...teamQuery(slug, user?.id, by, page), placeholderData: keepPreviousData });
}
