import type { PasswordResetRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function requestPasswordReset(request: PasswordResetRequest): Promise<{ success: true }> {
  return api.post('/api/auth/password-reset', request);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
