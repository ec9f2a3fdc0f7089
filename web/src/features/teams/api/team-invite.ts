import type { TeamInviteResponse } from '@runpledge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const inviteKey = (teamId: string) => ['team-invite', teamId] as const;

/** GET /api/teams/{id}/invite: the captain's invite link. */
export function getTeamInvite(teamId: string): Promise<TeamInviteResponse> {
  return api.get<TeamInviteResponse>(`/api/teams/${teamId}/invite`);
}

/** POST /api/teams/{id}/invite: a new code; the old link stops working. */
export function rotateTeamInvite(teamId: string): Promise<TeamInviteResponse> {
  return api.post<TeamInviteResponse>(`/api/teams/${teamId}/invite`);
}

export function useTeamInvite(teamId: string) {
  return useQuery({ queryKey: inviteKey(teamId), queryFn: () => getTeamInvite(teamId) });
}

export function useRotateTeamInvite(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateTeamInvite(teamId),
    onSuccess: (invite) => queryClient.setQueryData(inviteKey(teamId), invite),
  });
}
