import type { PageTeam, ProfileView } from '@runpledge/contracts';
import { queryOptions } from '@tanstack/react-query';
import { runnerProfileKey } from '@/features/runner-page';
import { api } from '@/lib/api-client';

/** The team a page is in (null when none), from the page's own view: shares its cache entry. */
export const pageTeamQuery = (slug: string, viewerId: string | undefined) =>
  queryOptions({
    queryKey: [...runnerProfileKey(slug), viewerId ?? 'visitor'],
    queryFn: async () =>
      (await api.get<{ profile: ProfileView }>(`/api/runner-profile/${encodeURIComponent(slug)}`)).profile,
    select: (profile): PageTeam => profile.team,
  });
