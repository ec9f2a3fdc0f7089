import type { CreateTeamRequest, TeamResponse } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/teams: the caller's page becomes the team's first member and captain. */
export async function createTeam(body: CreateTeamRequest): Promise<TeamResponse> {
  return api.postOnce<TeamResponse>('/api/teams', body);
}

export function useCreateTeam() {
  return useMutation({ mutationFn: createTeam });
}
