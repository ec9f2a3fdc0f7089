import type { Encouragement } from '@runpledge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const encouragementsKey = (profileId: string) => ['encouragements', profileId] as const;

/** Owner only: the messages the page received, newest first. */
export function getEncouragements(profileId: string): Promise<Encouragement[]> {
  return api.get<Encouragement[]>(`/api/runner-profile/${profileId}/encouragements`);
}

export function useEncouragements(profileId: string, enabled: boolean) {
  return useQuery({
    queryKey: encouragementsKey(profileId),
    queryFn: () => getEncouragements(profileId),
    enabled,
  });
}
