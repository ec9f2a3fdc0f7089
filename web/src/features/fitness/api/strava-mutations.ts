import type { Activity, ManualActivityInput, StravaSyncReply } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** After any change to the connection or the activities, every training view is re-read. */
function useRefreshTraining() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['fitness-profile', 'activities', 'training-stats', 'run-history'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export interface CompleteSetupInput {
  userId: string;
  trainingStartDate: string;
  publicDisplayConsent: boolean;
}

export function useCompleteStravaSetup() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (input: CompleteSetupInput) => api.post<{ success: true }>('/api/fitness/strava/complete-setup', input),
    onSuccess: refresh,
  });
}

export function useDisconnectStrava() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (userId: string) => api.post<{ success: true }>('/api/strava/disconnect', { userId }),
    onSuccess: refresh,
  });
}

export function useSyncStravaNow() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (userId: string) => api.post<StravaSyncReply>('/api/strava/sync', { userId }),
    onSettled: refresh,
  });
}

export function useAddManualRun() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (input: ManualActivityInput) => api.postOnce<Activity>('/api/activities', input),
    onSuccess: refresh,
  });
}

/** A run entered by hand, removed by its runner; the stats are recomputed from what is left. */
export function useDeleteManualRun() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (activityId: string) => api.delete<{ success: true }>(`/api/activities/${activityId}`),
    onSuccess: refresh,
  });
}

export function useUpdateManualRun() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: ({ activityId, input }: { activityId: string; input: ManualActivityInput }) =>
      api.put<Activity>(`/api/activities/${activityId}`, input),
    onSuccess: refresh,
  });
}
