import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PLEDGES_KEY } from './get-page-pledges';

/** Owner only: removes a pledge from the page (an abusive name, a rate nobody means); it is never mailed again. */
export function removePledge({ profileId, pledgeId }: { profileId: string; pledgeId: string }): Promise<unknown> {
  return api.delete(`/api/runner-profile/${profileId}/pledges/${pledgeId}`);
}

export function useRemovePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePledge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLEDGES_KEY }),
  });
}
