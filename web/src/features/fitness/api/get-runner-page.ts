import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the fitness page needs of a runner page (GET /api/runner-profile/{slug}). */
export interface RunnerPageSummary {
  id: string;
  userId: string;
  urlSlug: string;
  name: string;
  isOwner?: boolean;
}

export function useRunnerPage(slug: string) {
  return useQuery({
    queryKey: ['runner-profile', slug],
    queryFn: async () =>
      (await api.get<{ profile: RunnerPageSummary }>(`/api/runner-profile/${encodeURIComponent(slug)}`)).profile,
    retry: false,
  });
}
