import type { ProfileView } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { donationsKey } from './get-donations';
import { runnerProfileKey } from './get-runner-profile';

export function refreshTotals(profileId: string): Promise<{ queued: true }> {
  return api.post<{ queued: true }>(`/api/runner-profile/${profileId}/totals/refresh`, {});
}

/** Queues a sync with the platform, then reads the page again as the worker usually takes a moment. */
export function useRefreshTotals(view: ProfileView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshTotals(view.id),
    onSuccess: () => {
      for (const delay of [1500, 4000]) {
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: runnerProfileKey(view.urlSlug) });
          void queryClient.invalidateQueries({ queryKey: donationsKey(view.id) });
        }, delay);
      }
    },
  });
}
