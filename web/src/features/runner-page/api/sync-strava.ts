import type { StravaSyncReply } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runHistoryKey } from './get-run-history';
import { trainingStatsKey } from './get-training-stats';

/** A 2xx answer; a revoked token comes back as a 409 with `needsReconnect`. */
export type SyncResult = Extract<StravaSyncReply, { synced: number }>;

/** Syncs the signed-in caller's own Strava (spec 7's body names them; the gateway only ever syncs the caller). */
export function syncStrava(userId?: string): Promise<SyncResult> {
  return api.post<SyncResult>('/api/strava/sync', userId ? { userId } : {});
}

/** The owner's manual sync; the stats and history reload after it. */
export function useSyncStrava(profileId: string, userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncStrava(userId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingStatsKey(profileId) }),
        queryClient.invalidateQueries({ queryKey: runHistoryKey(profileId) }),
      ]),
  });
}
