import type { TeamMemberResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

export interface JoinTeamVariables {
  runnerProfileId: string;
  inviteCode?: string;
}

/** POST /api/teams/{id}/members: a member at once, or a request the captain approves. */
export function joinTeam(teamId: string, body: JoinTeamVariables): Promise<TeamMemberResponse> {
  return api.postOnce<TeamMemberResponse>(`/api/teams/${teamId}/members`, body);
}

export function useJoinTeam(teamId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinTeamVariables) => joinTeam(teamId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
