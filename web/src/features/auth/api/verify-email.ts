import type { User, VerifyEmailRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function verifyEmail(request: VerifyEmailRequest): Promise<{ success: boolean; user: User }> {
  return api.post('/api/auth/verify', request);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
