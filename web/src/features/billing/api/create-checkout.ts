import type { CreateCheckoutRequest, CreateCheckoutResponse } from '@runpledge/contracts';
import { api } from '@/lib/api-client';

export function createCheckout(request: CreateCheckoutRequest): Promise<CreateCheckoutResponse> {
  return api.postOnce<CreateCheckoutResponse>('/api/subscription/create-checkout', request);
}
