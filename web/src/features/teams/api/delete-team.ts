import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

/** DELETE /api/teams/{id}: the captain ends the team; the members' pages stay. */
export function deleteTeam(teamId: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(`/api/teams/${teamId}`);
}

export function useDeleteTeam(teamId: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: () => queryClient.removeQueries({ queryKey: teamKey(slug) }),
  });
}
