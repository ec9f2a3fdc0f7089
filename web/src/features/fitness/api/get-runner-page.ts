import type { ProfileView } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The runner page the fitness page belongs to (GET /api/runner-profile/{slug}): its id, owner and isOwner. */
export function useRunnerPage(slug: string) {
  return useQuery({
    queryKey: ['runner-profile', slug],
    queryFn: async () =>
      (await api.get<{ profile: ProfileView }>(`/api/runner-profile/${encodeURIComponent(slug)}`)).profile,
    retry: false,
  });
}
