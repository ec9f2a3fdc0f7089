import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function signOutEverywhere(): Promise<{ success: true }> {
  return api.post('/api/auth/signout-everywhere');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
