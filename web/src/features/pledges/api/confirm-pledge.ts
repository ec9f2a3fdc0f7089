import type { ConfirmPledgeRequest, PledgeResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

/** The confirmation link of the pledge mail (single use). */
export function confirmPledge(body: ConfirmPledgeRequest): Promise<PledgeResponse> {
  return api.post('/api/pledges/confirm', body);
}

export function useConfirmPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPledge,
    // The page's pledges (and its owner's panel) now count this one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLEDGES_KEY }),
  });
}
