import type { ProfileView } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const runnerProfileKey = (slug: string) => ['runner-profile', slug] as const;

export async function getRunnerProfile(slug: string): Promise<ProfileView> {
  const { profile } = await api.get<{ profile: ProfileView }>(`/api/runner-profile/${encodeURIComponent(slug)}`);
  return profile;
}

export function useRunnerProfile(slug: string) {
  return useQuery({ queryKey: runnerProfileKey(slug), queryFn: () => getRunnerProfile(slug) });
}
