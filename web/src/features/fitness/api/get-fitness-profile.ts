import type { FitnessProfile } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const fitnessProfileKey = (profileId: string) => ['fitness-profile', profileId] as const;

export function useFitnessProfile(profileId: string | undefined) {
  return useQuery({
    queryKey: fitnessProfileKey(profileId ?? ''),
    queryFn: () => api.get<FitnessProfile>(`/api/fitness-profile/${profileId}`),
    enabled: profileId !== undefined,
  });
}
