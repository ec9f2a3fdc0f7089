import type { ProfileView, Team } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';
import { parseCsv, unguardCell } from '../utils/parse-csv';
import { membersCsvUrl } from './members-csv';
import { teamKey } from './get-team';

export interface JoinRequest {
  runnerProfileId: string;
  name: string;
  pageSlug: string;
}

/**
 * The requests waiting on an approval team, for its captain. The team's page lists members only,
 * so they are read from the members CSV (status `pending`), each page's id from its public view.
 */
export async function getJoinRequests(teamId: string): Promise<JoinRequest[]> {
  const response = await fetch(membersCsvUrl(teamId), { credentials: 'same-origin' });
  if (!response.ok) throw new ApiRequestError(response, undefined);
  const [header = [], ...rows] = parseCsv(await response.text());
  const at = (name: string) => header.indexOf(name);
  const pending = rows.filter((row) => row[at('status')] === 'pending');
  return Promise.all(
    pending.map(async (row) => {
      const pageSlug = new URL(row[at('page address')] ?? '', window.location.origin).pathname.split('/').pop() ?? '';
      const { profile } = await api.get<{ profile: ProfileView }>(
        `/api/runner-profile/${encodeURIComponent(pageSlug)}`,
      );
      return { runnerProfileId: profile.id, name: unguardCell(row[at('name')] ?? profile.name), pageSlug };
    }),
  );
}

/** Only an approval team takes requests. */
export function useJoinRequests(team: Team) {
  return useQuery({
    queryKey: [...teamKey(team.slug), 'requests', team.id],
    queryFn: () => getJoinRequests(team.id),
    enabled: team.isCaptain && team.joinRule === 'approval',
  });
}
