import type { SuppressInboxRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/mail/suppress: no more mail from RunPledge to the inbox a mail's link went to. */
export function suppressInbox(request: SuppressInboxRequest): Promise<{ success: true }> {
  return api.post('/api/mail/suppress', request);
}

export function useSuppressInbox() {
  return useMutation({ mutationFn: suppressInbox });
}
