import type { BillingPortalResponse } from '@runpledge/contracts';
import { api } from '@/lib/api-client';

export function createPortalSession(returnUrl: string): Promise<BillingPortalResponse> {
  return api.post<BillingPortalResponse>('/api/subscription/portal', { returnUrl });
}
