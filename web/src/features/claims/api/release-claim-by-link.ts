import type { ReleaseClaimByLinkRequest } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownClaimsKey } from './get-own-claims';

/** Releases the one claim a link of the owner's claim mail stands for (no sign-in needed; good once). */
export function releaseClaimByLink(request: ReleaseClaimByLinkRequest): Promise<{ success: true }> {
  return api.post('/api/challenge-claims/release-by-link', request);
}

export function useReleaseClaimByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseClaimByLink,
    onSuccess: () => {
      // A signed-in owner's dashboard and pages show the claim gone.
      void queryClient.invalidateQueries({ queryKey: ownClaimsKey });
      void queryClient.invalidateQueries({ queryKey: ['runner-profile'] });
    },
  });
}
