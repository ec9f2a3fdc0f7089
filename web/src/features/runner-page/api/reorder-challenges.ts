import type { Challenge, ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export function reorderChallenges(profileId: string, challengeIds: string[]): Promise<unknown> {
  return api.put(`/api/runner-profile/${profileId}/challenge-order`, { challengeIds });
}

/** Shows the new order at once and puts the old one back if the server refuses it. */
export function useReorderChallenges(view: ProfileView) {
  const queryClient = useQueryClient();
  const key = runnerProfileKey(view.urlSlug);
  return useMutation({
    mutationFn: (ordered: Challenge[]) =>
      reorderChallenges(
        view.id,
        ordered.map((c) => c.id),
      ),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<ProfileView>({ queryKey: key });
      queryClient.setQueriesData<ProfileView>({ queryKey: key }, (old) =>
        old
          ? { ...old, fundraisingChallenges: ordered.map((challenge, position) => ({ ...challenge, position })) }
          : old,
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      context?.previous.forEach(([queryKey, data]) => queryClient.setQueryData(queryKey, data));
    },
  });
}
