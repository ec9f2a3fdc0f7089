import type { FitnessProfile } from '@runpledge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

export const fitnessProfileKey = (profileId: string) => ['fitness-profile', profileId] as const;

/** Polled while the first sync runs (connected, never synced); each finished sync re-reads the activities. */
export function useFitnessProfile(profileId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: fitnessProfileKey(profileId ?? ''),
    queryFn: () => api.get<FitnessProfile>(`/api/fitness-profile/${profileId}`),
    enabled: profileId !== undefined,
    refetchInterval: (q) => (q.state.data?.stravaConnected && !q.state.data.lastSyncedAt ? 2000 : false),
  });
  const lastSyncedAt = query.data?.lastSyncedAt;
  useEffect(() => {
    if (!lastSyncedAt) return;
    void queryClient.invalidateQueries({ queryKey: ['activities'] });
    void queryClient.invalidateQueries({ queryKey: ['training-stats'] });
  }, [lastSyncedAt, queryClient]);
  return query;
}
