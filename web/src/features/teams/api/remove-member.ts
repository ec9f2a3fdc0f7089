import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKey } from './get-team';

/** DELETE /api/teams/{id}/members/{runnerProfileId}: a runner leaves, or the captain removes a member. */
export function removeMember(teamId: string, runnerProfileId: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(`/api/teams/${teamId}/members/${runnerProfileId}`);
}

export function useRemoveMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, runnerProfileId }: { teamId: string; runnerProfileId: string }) =>
      removeMember(teamId, runnerProfileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(slug) }),
  });
}
