import type { ClaimChallengeRequest, ClaimChallengeResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

export function claimChallenge(challengeId: string, body: ClaimChallengeRequest): Promise<ClaimChallengeResponse> {
  return api.post<ClaimChallengeResponse>(`/api/fundraising-challenges/${challengeId}/claims`, body);
}

/** Claims a challenge of the page at `slug`; the page is read again either way (claimed, or taken meanwhile). */
export function useClaimChallenge(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ challengeId, body }: { challengeId: string; body: ClaimChallengeRequest }) =>
      claimChallenge(challengeId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runnerProfileKey(slug) }),
  });
}
