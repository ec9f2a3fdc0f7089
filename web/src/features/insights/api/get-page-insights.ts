import type { PageInsights } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const pageInsightsKey = (profileId: string) => ['page-insights', profileId] as const;

/** The owner's last 30 days of a page's figures. */
export function usePageInsights(profileId: string) {
  return useQuery({
    queryKey: pageInsightsKey(profileId),
    queryFn: () => api.get<PageInsights>(`/api/runner-profile/${encodeURIComponent(profileId)}/insights?days=30`),
    staleTime: 60_000,
  });
}
