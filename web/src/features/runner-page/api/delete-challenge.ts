import type { ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export function deleteChallenge(challengeId: string): Promise<{ success: boolean }> {
  return api.delete(`/api/fundraising-challenges/${challengeId}`);
}

export function useDeleteChallenge(view: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChallenge,
    onSuccess: (_result, challengeId) => {
      queryClient.setQueriesData<ProfileView>({ queryKey: runnerProfileKey(view.urlSlug) }, (old) =>
        old ? { ...old, fundraisingChallenges: old.fundraisingChallenges.filter((c) => c.id !== challengeId) } : old,
      );
    },
  });
}
