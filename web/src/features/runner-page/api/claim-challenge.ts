import type { ClaimChallengeRequest, ClaimChallengeResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runnerProfileKey } from './get-runner-profile';

/**
 * A public write a supporter's browser may retry: sent once per `action` (its Idempotency-Key), so a
 * retry after an outage or a lost answer gets the first 201, never a 409 for the supporter's own claim.
 */
export function claimChallenge(
  challengeId: string,
  body: ClaimChallengeRequest,
  action: object = body,
): Promise<ClaimChallengeResponse> {
  return api.postOnce<ClaimChallengeResponse>(`/api/fundraising-challenges/${challengeId}/claims`, body, action);
}

/** Claims a challenge of the page at `slug`; the page is read again either way (claimed, or taken meanwhile). */
export function useClaimChallenge(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { challengeId: string; body: ClaimChallengeRequest }) =>
      claimChallenge(variables.challengeId, variables.body, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runnerProfileKey(slug) }),
  });
}
