import type { CharityResponse, CreateCharityRequest } from '@runpledge/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/charities: the caller becomes the charity's first admin; 409 when the address is taken. */
export function createCharity(body: CreateCharityRequest): Promise<CharityResponse> {
  return api.postOnce<CharityResponse>('/api/charities', body);
}

export function useCreateCharity() {
  return useMutation({ mutationFn: createCharity });
}
