import type { PledgeLinkAction, PledgeResponse, PledgeTokenRequest } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

export interface PledgeLinkVariables extends PledgeTokenRequest {
  pledgeId: string;
  action: PledgeLinkAction;
}

/** POST /api/pledges/{id}/paid|cancel|unsubscribe with the mail's token: `{pledge}`, or `{success}` to unsubscribe. */
export function actOnPledge({ pledgeId, action, token }: PledgeLinkVariables): Promise<Partial<PledgeResponse>> {
  return api.post(`/api/pledges/${encodeURIComponent(pledgeId)}/${action}`, { token });
}

export function usePledgeLinkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnPledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLEDGES_KEY }),
  });
}
