import type { ChangeEmailRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changeEmail(request: ChangeEmailRequest): Promise<{ success: true }> {
  return api.post('/api/auth/change-email', request);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
