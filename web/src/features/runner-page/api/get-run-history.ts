import { BUSINESS, type Activity } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const runHistoryKey = (userId: string) => ['run-history', userId] as const;

/** Spec 7: the runner's last 200 runs, newest first, for the training history. */
export function getRunHistory(userId: string): Promise<Activity[]> {
  const query = new URLSearchParams({ userId, limit: String(BUSINESS.historyFetchLimit), type: 'run' });
  return api.get<Activity[]>(`/api/activities?${query}`);
}

export function useRunHistory(userId: string) {
  return useQuery({ queryKey: runHistoryKey(userId), queryFn: () => getRunHistory(userId) });
}
