import type { CreatePledgeRequest, PledgeResponse } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CreatePledgeVariables {
  runnerProfileId: string;
  body: CreatePledgeRequest;
}

/** A supporter's pledge; it counts only once confirmed from the mail it sends (201, pending_confirmation). */
export function createPledge({ runnerProfileId, body }: CreatePledgeVariables): Promise<PledgeResponse> {
  return api.postOnce(`/api/runner-profile/${runnerProfileId}/pledges`, body);
}

export function useCreatePledge() {
  return useMutation({ mutationFn: createPledge });
}
