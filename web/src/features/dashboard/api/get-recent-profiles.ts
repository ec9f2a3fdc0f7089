import type { ProfileSummary } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const recentProfilesKey = ['recent-profiles'] as const;

/** The signed-in runner's pages, newest first. */
export function getRecentProfiles(): Promise<ProfileSummary[]> {
  return api.get<ProfileSummary[]>('/api/recent-profiles');
}

export function useRecentProfiles() {
  return useQuery({ queryKey: recentProfilesKey, queryFn: getRecentProfiles });
}
