import type { ClosePledgesResponse } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

/** "I've finished": the page's pledges fall due now and each supporter is mailed what they owe. */
export function closePledges(profileId: string): Promise<ClosePledgesResponse> {
  return api.post(`/api/runner-profile/${profileId}/pledges/close`);
}

export function useClosePledges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closePledges,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLEDGES_KEY }),
  });
}
