import type { Activity } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The caller's own newest activities (spec 7: `GET /api/activities` with no params). */
export const recentActivitiesKey = ['activities', 'own'] as const;

export function useRecentActivities(enabled: boolean) {
  return useQuery({
    queryKey: recentActivitiesKey,
    queryFn: () => api.get<Activity[]>('/api/activities'),
    enabled,
  });
}
