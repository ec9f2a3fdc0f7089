import type { DeleteAccountRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount(request: DeleteAccountRequest): Promise<{ success: true }> {
  return apiRequest('DELETE', '/api/account', request);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
