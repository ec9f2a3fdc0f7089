import type { EncouragementRequest } from '@runpledge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { encouragementsKey } from './get-encouragements';

export function sendEncouragement(body: EncouragementRequest): Promise<{ success: boolean }> {
  return api.postOnce('/api/encouragement', body);
}

export function useSendEncouragement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEncouragement,
    // The owner sending one to their own page sees it in their list.
    onSuccess: (_result, body) => queryClient.invalidateQueries({ queryKey: encouragementsKey(body.runnerProfileId) }),
  });
}
