import type { PasswordResetConfirm } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function confirmPasswordReset(request: PasswordResetConfirm): Promise<{ success: true }> {
  return api.post('/api/auth/password-reset/confirm', request);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
