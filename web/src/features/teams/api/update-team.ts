import type { TeamResponse, UpdateTeamRequest } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

/** PUT /api/teams/{id}: the captain changes the team's details. */
export function updateTeam(teamId: string, changes: UpdateTeamRequest): Promise<TeamResponse> {
  return api.put<TeamResponse>(`/api/teams/${teamId}`, changes);
}

export function useUpdateTeam(teamId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateTeamRequest) => updateTeam(teamId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
