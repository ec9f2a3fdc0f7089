import type { TeamMemberResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

/** POST /api/teams/{id}/members/{runnerProfileId}/approve: the captain lets a request in. */
export function approveMember(teamId: string, runnerProfileId: string): Promise<TeamMemberResponse> {
  return api.post<TeamMemberResponse>(`/api/teams/${teamId}/members/${runnerProfileId}/approve`);
}

export function useApproveMember(teamId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runnerProfileId: string) => approveMember(teamId, runnerProfileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
