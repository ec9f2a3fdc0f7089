import type { OwnerClaim } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownClaimsKey } from './get-own-claims';

export function releaseClaim(claim: Pick<OwnerClaim, 'id' | 'challengeId'>): Promise<{ success: boolean }> {
  return api.delete(`/api/fundraising-challenges/${claim.challengeId}/claims/${claim.id}`);
}

export function useReleaseClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseClaim,
    onSuccess: (_result, released) => {
      queryClient.setQueryData<OwnerClaim[]>(ownClaimsKey, (old) => old?.filter((c) => c.id !== released.id));
      // The page shows the challenge free again.
      void queryClient.invalidateQueries({ queryKey: ['runner-profile'] });
    },
  });
}
