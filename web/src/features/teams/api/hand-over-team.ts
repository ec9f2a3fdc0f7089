import type { TeamResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

/** POST /api/teams/{id}/captain: the captain hands the team to another member. */
export function handOverTeam(teamId: string, runnerProfileId: string): Promise<TeamResponse> {
  return api.post<TeamResponse>(`/api/teams/${teamId}/captain`, { runnerProfileId });
}

export function useHandOverTeam(teamId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runnerProfileId: string) => handOverTeam(teamId, runnerProfileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
