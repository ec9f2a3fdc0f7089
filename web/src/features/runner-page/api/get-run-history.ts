import { BUSINESS, type Activity } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const runHistoryKey = (profileId: string) => ['run-history', profileId] as const;

/** Spec 7: the page's runner's last 200 runs, newest first, for the training history (asked by page: a visitor knows no user id). */
export function getRunHistory(profileId: string): Promise<Activity[]> {
  const query = new URLSearchParams({ profileId, limit: String(BUSINESS.historyFetchLimit), type: 'run' });
  return api.get<Activity[]>(`/api/activities?${query}`);
}

export function useRunHistory(profileId: string, enabled = true) {
  return useQuery({ queryKey: runHistoryKey(profileId), queryFn: () => getRunHistory(profileId), enabled });
}
