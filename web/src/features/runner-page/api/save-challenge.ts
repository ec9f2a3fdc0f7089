import type { Challenge, ChallengeInput, ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export async function createChallenge(runnerProfileId: string, input: ChallengeInput): Promise<Challenge> {
  const { challenge } = await api.post<{ challenge: Challenge }>('/api/fundraising-challenges', {
    runnerProfileId,
    ...input,
  });
  return challenge;
}

export async function updateChallenge(challengeId: string, input: ChallengeInput): Promise<Challenge> {
  const { challenge } = await api.put<{ challenge: Challenge }>(`/api/fundraising-challenges/${challengeId}`, input);
  return challenge;
}

/** Adds a challenge, or edits the one whose id is given. */
export function useSaveChallenge(view: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ChallengeInput }) =>
      id ? updateChallenge(id, input) : createChallenge(view.id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runnerProfileKey(view.urlSlug) }),
  });
}
