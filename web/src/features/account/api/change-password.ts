import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** API.md: every other session of the user ends; this one stays signed in. */
export function changePassword(request: ChangePasswordRequest): Promise<{ success: true }> {
  return api.post('/api/auth/change-password', request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
