import type { CancelEmailChangeRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function cancelEmailChange(request: CancelEmailChangeRequest): Promise<{ success: true }> {
  return api.post('/api/auth/change-email/cancel', request);
}

export function useCancelEmailChange() {
  return useMutation({ mutationFn: cancelEmailChange });
}
