import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A message a supporter sent (profiles' `Encouragement`). */
export interface ReceivedEncouragement {
  id: string;
  runnerProfileId: string;
  senderName: string;
  message: string;
  createdAt: string;
}

export const encouragementsKey = (profileId: string) => ['encouragements', profileId] as const;

/** Owner only: the messages the page received, newest first. */
export function getEncouragements(profileId: string): Promise<ReceivedEncouragement[]> {
  return api.get<ReceivedEncouragement[]>(`/api/runner-profile/${profileId}/encouragements`);
}

export function useEncouragements(profileId: string, enabled: boolean) {
  return useQuery({
    queryKey: encouragementsKey(profileId),
    queryFn: () => getEncouragements(profileId),
    enabled,
  });
}
